-- The stored results of an analysis cut into the parts the results tabs read (app/domain/results/stored.ts):
-- a tab reads a few small rows instead of the whole aggregate in analyses.results.
create table analysis_result_parts (
  analysis_id integer not null references analyses(id) on delete cascade,
  key         text not null,
  value       jsonb not null,
  primary key (analysis_id, key)
);
