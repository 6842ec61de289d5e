-- Trends ('Trends & Historical Data'): one compact aggregate per completed analysis, so the page reads
-- 365 small rows instead of re-reading every answer; and what the daily schedule did on each run.
create table analysis_trend_points (
  analysis_id        integer primary key references analyses(id) on delete cascade,
  project_id         integer not null references projects(id) on delete cascade,
  date               date not null,
  point              jsonb not null,                 -- app/domain/trends TrendPoint
  source_updated_at  timestamptz not null,           -- analyses.updated_at the point was built from
  created_at         timestamptz not null default now()
);
create index analysis_trend_points_project_idx on analysis_trend_points(project_id, date);

-- One row per workflow the daily schedule started: the analysis it started, or why it skipped.
create table scheduled_runs (
  id           bigserial primary key,
  project_id   integer not null references projects(id) on delete cascade,
  workflow_id  text not null unique,
  outcome      text not null check (outcome in ('started', 'skipped')),
  reason       text,
  analysis_id  integer references analyses(id) on delete set null,
  created_at   timestamptz not null default now()
);
create index scheduled_runs_project_idx on scheduled_runs(project_id, created_at desc);

-- Alerts raised when a completed run's own-brand rates move beyond chance (app/domain/trends alertsForRun).
create table trend_alerts (
  id           bigserial primary key,
  project_id   integer not null references projects(id) on delete cascade,
  analysis_id  integer not null references analyses(id) on delete cascade,
  metric       text not null,
  message      text not null,
  data         jsonb not null,
  read_at      timestamptz,
  created_at   timestamptz not null default now(),
  unique (analysis_id, metric)
);
create index trend_alerts_project_idx on trend_alerts(project_id, created_at desc);

-- Where a project's alerts are POSTed (https, public addresses only), with the secret that signs each delivery.
create table trend_webhooks (
  project_id  integer primary key references projects(id) on delete cascade,
  url         text not null,
  secret      text not null,
  created_at  timestamptz not null default now()
);
alter table trend_alerts add column delivered_at timestamptz;
alter table trend_alerts add column delivery_error text;
