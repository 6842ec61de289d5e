-- The optional model rewrite of a report summary's style: the account's setting and a project's override
-- (null: the account's; the account's null: off), and each rewrite with the guard's verdict.
alter table report_brandings add column rewrite_summary boolean;

create table report_rewrites (
  id                  bigserial primary key,
  analysis_id         integer not null references analyses(id) on delete cascade,
  -- sha256 of the computed summary (language and sentences): a rewrite applies to exactly the facts it was given.
  facts_key           text not null,
  user_id             integer references users(id) on delete set null,
  status              text not null check (status in ('pending', 'accepted', 'rejected', 'failed')),
  paragraphs          jsonb,                             -- one rewritten paragraph per summary section
  unknown_figures     double precision[] not null default '{}',
  provider            text,
  simulated           boolean not null default false,
  error               text,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create index report_rewrites_facts on report_rewrites (analysis_id, facts_key, id desc);
