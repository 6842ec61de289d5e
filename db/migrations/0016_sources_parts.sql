-- The compact form of an analysis's search insights of one kind (app/domain/sources/parts.ts): the Source Insights
-- tabs read one row instead of every insight's citations, sources and snippets. `fingerprint` is the count and
-- highest id of the insights it was packed from; the app packs again when they differ.
create table source_insight_parts (
  analysis_id integer not null references analyses(id) on delete cascade,
  kind        text not null check (kind in ('basic', 'enhanced')),
  fingerprint text not null,
  data        jsonb not null,
  updated_at  timestamptz not null default now(),
  primary key (analysis_id, kind)
);
