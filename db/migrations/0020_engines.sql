-- The engines people see (Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app).
-- A project asks them when its owner turns them on (Full tier and admins); serp_provider picks who reads
-- them (null: SERP_PROVIDER, else the provider with credentials).
alter table projects add column engines boolean not null default false;
alter table projects add column serp_provider text check (serp_provider in ('dataforseo', 'serpapi'));

-- A task posted to a provider (DataForSEO's ChatGPT scraper) before its answer is stored: a retried or restarted
-- activity polls this task rather than paying for a second one, and the answer records what posting it cost.
create table engine_tasks (
  analysis_id  integer not null references analyses(id) on delete cascade,
  model_id     integer not null,
  query_index  integer not null,
  sample       integer not null,
  provider     text not null,
  task_id      text not null,
  cost_usd     numeric not null default 0,
  created_at   timestamptz not null default now(),
  primary key (analysis_id, model_id, query_index, sample)
);
