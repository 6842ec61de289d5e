-- Each model's per-brand cells of a trend point, by brand then model id, kept beside the point rather than in it: they
-- were most of a point's bytes, and the Trends page reads them for one brand only. Points stored before this column
-- (model_brands null) are rebuilt on their next read.
alter table analysis_trend_points add column if not exists model_brands jsonb;
