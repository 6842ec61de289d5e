-- AI search volume: one provider estimate per keyword, market and refresh month. A keyword's demand
-- is a fact of its market, not of a project, so two projects tracking the same query in the same market share it.
-- The refresh month (first day, UTC) is the cache key: a refresh fetches only keywords without a row this month.
create table volume_estimates (
  location_code  integer not null,
  language_code  text not null,
  keyword        text not null,               -- lower case, as the provider converts it
  month          date not null,               -- the refresh month this estimate belongs to
  provider       text not null,               -- 'dataforseo'
  simulated      boolean not null default false,
  volume         integer,                     -- null: the provider has no estimate (never stored as zero)
  data_month     text,                        -- YYYY-MM of the latest month of the history
  history        jsonb not null default '[]'::jsonb,
  fetched_at     timestamptz not null default now(),
  primary key (location_code, language_code, keyword, month)
);

-- Each paid call, once: who it was charged to (the project owner, whose daily cost cap counts it through
-- model_usage), the provider's cost and task id.
create table volume_fetches (
  id             bigserial primary key,
  project_id     integer references projects(id) on delete set null,
  user_id        integer references users(id) on delete set null,
  month          date not null,
  provider       text not null,
  simulated      boolean not null default false,
  keywords       integer not null,
  cost_usd       numeric(12, 6) not null default 0,
  task_id        text,
  created_at     timestamptz not null default now()
);
create index volume_fetches_project_idx on volume_fetches(project_id, month);
