-- Evidence: which version of the metric definitions an analysis's stored results were computed
-- with, every explicit rebuild to a newer version, and how each answer was collected.

-- null: stored before versions were recorded (version 1, see app/domain/metrics/version.ts).
alter table analyses add column metrics_version integer;

-- Every change of an analysis's metrics version: 'rebuild' is the explicit one (POST /api/analyses/{id}/evidence-rebuild,
-- who and when, also when the version stays the same), 'recompute' when stored results were recomputed for another reason
-- (a model added or removed, mentions fixed) and so moved to the current definitions.
create table analysis_metric_rebuilds (
  id            serial primary key,
  analysis_id   integer not null references analyses(id) on delete cascade,
  user_id       integer references users(id) on delete set null,
  from_version  integer not null,
  to_version    integer not null,
  answers       integer not null,
  reason        text not null check (reason in ('rebuild', 'recompute')),
  created_at    timestamptz not null default now()
);
create index analysis_metric_rebuilds_analysis_idx on analysis_metric_rebuilds(analysis_id, created_at desc);

-- How the answer was collected: { provider, api, model, webSearch, endpoint, demo } (date: created_at; sample: sample).
-- null for answers stored before this was recorded.
alter table api_responses add column collection jsonb;
