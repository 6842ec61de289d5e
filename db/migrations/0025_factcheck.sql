-- Fact-check. A project's brand facts: short statements with an optional source URL, in the order
-- the owner wrote or imported them.
create table brand_facts (
  id          serial primary key,
  project_id  integer not null references projects(id) on delete cascade,
  position    integer not null,
  statement   text not null,
  source_url  text,
  created_at  timestamptz not null default now()
);
create index brand_facts_project_idx on brand_facts(project_id, position);

-- One fact-check run per analysis (workflow factcheck-<analysisId>): what it checked, what it cost and why it stopped.
create table factcheck_runs (
  analysis_id   integer primary key references analyses(id) on delete cascade,
  status        text not null default 'running',
  answers_total integer not null default 0,
  answers_done  integer not null default 0,
  claims        integer not null default 0,
  cost_usd      numeric not null default 0,
  stopped       text,
  updated_at    timestamptz not null default now()
);

-- Each answer is judged once: the row exists once its claims are stored (a retried activity skips it).
create table factcheck_answers (
  response_id  bigint primary key references api_responses(id) on delete cascade,
  analysis_id  integer not null references analyses(id) on delete cascade,
  provider     text,
  cost_usd     numeric not null default 0,
  checked_at   timestamptz not null default now()
);

-- The brand claims the judge found in an answer, each labelled against the facts, with the sentence it quoted.
-- fact_statement keeps the fact's words as judged, so an edited or deleted fact does not rewrite history.
create table factcheck_claims (
  id              bigserial primary key,
  response_id     bigint not null references api_responses(id) on delete cascade,
  analysis_id     integer not null references analyses(id) on delete cascade,
  project_id      integer not null references projects(id) on delete cascade,
  model_id        integer not null,
  label           text not null check (label in ('supported', 'contradicted', 'unverifiable')),
  claim           text not null,
  sentence        text not null,
  fact_id         integer references brand_facts(id) on delete set null,
  fact_statement  text,
  created_at      timestamptz not null default now()
);
create index factcheck_claims_analysis_idx on factcheck_claims(analysis_id, label);
create index factcheck_claims_project_idx on factcheck_claims(project_id, label, created_at);
