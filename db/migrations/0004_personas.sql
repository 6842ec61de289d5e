-- Persona as asker: the project's option (off by default), and the answers to each audience
-- query asked again in its persona's words. Kept apart from api_responses so no results screen, trend point
-- or source count takes them for ordinary answers; one row per (analysis, model, query, sample) as there.
-- Numbered 0004 but written after 0005..0010: db/migrate.ts applies any file not yet recorded, so an
-- existing database gets it on its next start. It depends only on projects and analyses (0001).
alter table projects add column if not exists ask_as_persona boolean not null default false;

create table if not exists persona_responses (
  id           bigserial primary key,
  analysis_id  integer not null references analyses(id) on delete cascade,
  model_id     integer not null,
  query_index  integer not null,
  sample       integer not null default 1,
  audience     text not null,
  prompt       text not null,                        -- the query as the persona asked it
  response     text not null default '',
  ok           boolean not null default true,
  error        text,
  error_kind   text,
  mentions     jsonb not null default '{}'::jsonb,   -- brand -> count
  rankings     jsonb not null default '{}'::jsonb,   -- brand -> position
  usage        jsonb,
  cost_usd     numeric(12, 6),
  created_at   timestamptz not null default now(),
  unique (analysis_id, model_id, query_index, sample)
);
