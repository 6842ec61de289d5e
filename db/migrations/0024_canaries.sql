-- Canaries: brand-neutral queries asked on each scheduled run, fingerprinted, so that a model update
-- shows as a dated marker instead of passing for a trend. On by default; the owner can turn them off.
alter table projects add column canaries_enabled boolean not null default true;

create table canary_answers (
  id           bigserial primary key,
  project_id   integer not null references projects(id) on delete cascade,
  analysis_id  integer not null references analyses(id) on delete cascade,
  date         date not null,
  model_id     integer not null,
  query_index  integer not null,
  sample       integer not null,
  ok           boolean not null,
  fingerprint  jsonb,
  cost_usd     numeric(12, 6) not null default 0,
  simulated    boolean not null default false,
  created_at   timestamptz not null default now(),
  unique (analysis_id, model_id, query_index, sample)
);
create index canary_answers_project_idx on canary_answers(project_id, model_id, date);

-- One row per model and date the canaries moved beyond their noise (or the returned version changed).
create table canary_flags (
  project_id  integer not null references projects(id) on delete cascade,
  date        date not null,
  model_id    integer not null,
  reasons     text[] not null,
  message     text not null,
  created_at  timestamptz not null default now(),
  primary key (project_id, date, model_id)
);
