-- The per-model counts of each query of a trend point, kept beside the point rather than in it: the Trends page reads
-- every point of a year without them, then this column for the one query it shows (a jsonb column is read whole).
alter table analysis_trend_points add column if not exists query_models jsonb;
