-- Source Insights: one source search per analysis (a Temporal workflow) and the
-- insights it stores, basic (from the analysis answers) and enhanced (one search-grounded call per
-- query and search model), each stored once per (analysis, kind, model, query).

create table source_searches (
  analysis_id   integer primary key references analyses(id) on delete cascade,
  workflow_id   text not null,
  status        text not null default 'pending' check (status in ('pending', 'in_progress', 'completed', 'failed', 'cancelled')),
  model_ids     integer[] not null default '{}',
  progress      jsonb,
  error         text,
  started_at    timestamptz not null default now(),
  completed_at  timestamptz
);

create table search_insights (
  id                  bigserial primary key,
  analysis_id         integer not null references analyses(id) on delete cascade,
  kind                text not null check (kind in ('basic', 'enhanced')),
  model_id            integer not null,
  query_index         integer not null,
  query               text not null,
  model_name          text not null,
  response            text not null default '',
  citations           jsonb not null default '[]'::jsonb,
  sources             jsonb not null default '[]'::jsonb,
  web_search_queries  jsonb not null default '[]'::jsonb,
  details             jsonb not null default '{}'::jsonb,   -- groundingMetadata, searchMetadata, searchResults, usage
  raw                 jsonb,
  created_at          timestamptz not null default now(),
  unique (analysis_id, kind, model_id, query_index)
);
