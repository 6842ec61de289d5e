-- Which Temporal run owns a source search's row. Every run of one analysis's search has the same workflow id
-- (source-search-<analysis>), so a run that records its end late (a cancelled run's last write, after a user has
-- already started the next run) must not overwrite the newer run's status: it writes only while the row is still
-- its own. Null while a new search is pending, before its run has opened the row.
alter table source_searches add column run_id text;
