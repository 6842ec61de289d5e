-- Core schema for the whole specification. Forward-only: never edit an applied migration, add a new file.

create table users (
  id                  serial primary key,
  email               text not null unique,            -- stored lower-cased
  first_name          text,
  last_name           text,
  password_hash       text,                            -- scrypt; null for Entra-only accounts
  azure_oid           text unique,                     -- Entra ID object id (oid claim)
  is_admin            boolean not null default false,
  is_active           boolean not null default true,   -- false = paused
  user_type           text not null default 'legacy' check (user_type in ('legacy', 'azure_linked', 'azure_unlinked')),
  tier                text not null default 'full' check (tier in ('light', 'standard', 'full')),
  max_projects        integer default 1,               -- null = unlimited
  max_analyses        integer default 1,               -- null = unlimited
  total_analyses_run  integer not null default 0,
  last_login_at       timestamptz,
  created_at          timestamptz not null default now()
);

create table sessions (
  id            text primary key,                      -- random, unguessable; the cookie holds only this
  user_id       integer not null references users(id) on delete cascade,
  auth_type     text not null default 'local' check (auth_type in ('local', 'azure')),
  created_at    timestamptz not null default now(),
  expires_at    timestamptz not null,
  last_seen_at  timestamptz not null default now(),
  revoked_at    timestamptz
);
create index sessions_user_idx on sessions(user_id);

-- Failed sign-ins per e-mail (and per client address) to slow down guessing.
create table login_attempts (
  key              text primary key,
  failures         integer not null default 0,
  last_failure_at  timestamptz not null default now()
);

create table projects (
  id                  serial primary key,
  user_id             integer not null references users(id) on delete cascade,
  name                text not null,
  brand_domain        text not null,                   -- the brand name (spec field name)
  market_description  text not null,
  market_type         text not null default 'B2C' check (market_type in ('B2C', 'B2B')),
  market_region       text not null default '',
  language            text not null default 'en-GB',
  brand_details       jsonb not null default '{}'::jsonb,  -- { name, alternativeNames[], domains[] }
  is_light_mode       boolean not null default false,
  is_advanced_mode    boolean not null default false,
  is_archived         boolean not null default false,
  is_public           boolean not null default false,
  samples_per_query   integer not null default 1 check (samples_per_query between 1 and 5),
  search_analysis_queries jsonb not null default '[]'::jsonb,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create index projects_user_idx on projects(user_id);

create table project_competitors (
  id                 serial primary key,
  project_id         integer not null references projects(id) on delete cascade,
  position           integer not null,
  name               text not null,
  alternative_names  text[] not null default '{}',
  domains            text[] not null default '{}'
);
create unique index project_competitors_name_idx on project_competitors(project_id, lower(name));

create table audiences (
  project_id   integer not null references projects(id) on delete cascade,
  id           text not null,
  position     integer not null default 0,
  name         text not null,
  description  text not null default '',
  type         text not null default 'need-based',
  data         jsonb not null default '{}'::jsonb,   -- characteristics, searchBehavior, painPoints, decisionFactors, demographics, ...
  is_selected  boolean not null default false,
  primary key (project_id, id)
);

create table topics (
  project_id   integer not null references projects(id) on delete cascade,
  id           text not null,
  position     integer not null default 0,
  name         text not null,
  relevance    integer not null default 5 check (relevance between 0 and 10),
  is_selected  boolean not null default false,
  primary key (project_id, id)
);

create table project_queries (
  id                serial primary key,
  project_id        integer not null references projects(id) on delete cascade,
  position          integer not null,
  query             text not null,
  topic             text,
  audience          text,
  audience_context  text
);
create unique index project_queries_text_idx on project_queries(project_id, lower(query));

create table project_shares (
  project_id   integer not null references projects(id) on delete cascade,
  user_id      integer not null references users(id) on delete cascade,
  is_archived  boolean not null default false,       -- the sharee's own archive flag
  created_at   timestamptz not null default now(),
  primary key (project_id, user_id)
);

create table analyses (
  id                 serial primary key,
  project_id         integer not null references projects(id) on delete cascade,
  user_id            integer not null references users(id) on delete cascade,
  status             text not null default 'pending'
                       check (status in ('pending', 'in_progress', 'processing', 'completed', 'failed', 'cancelled')),
  date               date not null default current_date,
  is_light_mode      boolean not null default false,
  model_ids          integer[] not null,
  samples_per_query  integer not null default 1,
  queries            jsonb not null,                  -- snapshot: [{ index, query, topic, audience, audienceContext }]
  brands             jsonb not null,                  -- snapshot: { brand: {name, alternativeNames, domains}, competitors: [...] }
  workflow_id        text unique,
  progress           jsonb,                           -- last known progressDetails
  results            jsonb,                           -- aggregated metrics, written when answers are processed
  error              text,
  last_progress_at   timestamptz not null default now(),
  completed_at       timestamptz,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
create index analyses_project_idx on analyses(project_id, created_at desc);
create index analyses_status_idx on analyses(status) where status in ('pending', 'in_progress', 'processing');

-- One Temporal workflow per row: the initial analysis or an add-model / refresh run.
create table model_runs (
  id             serial primary key,
  analysis_id    integer not null references analyses(id) on delete cascade,
  kind           text not null check (kind in ('analysis', 'add-model', 'refresh')),
  model_ids      integer[] not null,
  workflow_id    text not null unique,
  status         text not null default 'running' check (status in ('running', 'completed', 'failed', 'cancelled')),
  progress       jsonb,
  error          text,
  created_at     timestamptz not null default now(),
  completed_at   timestamptz
);
create index model_runs_analysis_idx on model_runs(analysis_id);

-- Every model answer, stored exactly once per (analysis, model, query, sample).
create table api_responses (
  id              bigserial primary key,
  analysis_id     integer not null references analyses(id) on delete cascade,
  model_id        integer not null,
  query_index     integer not null,
  sample          integer not null default 1,
  query           text not null,
  response        text not null default '',
  ok              boolean not null default true,       -- false: the call failed permanently (error holds why)
  error           text,
  citations       jsonb not null default '[]'::jsonb,
  sources         jsonb not null default '[]'::jsonb,
  search_queries  jsonb not null default '[]'::jsonb,
  mentions        jsonb not null default '{}'::jsonb,  -- brand -> count
  rankings        jsonb not null default '{}'::jsonb,  -- brand -> position
  sentiment       jsonb not null default '{}'::jsonb,  -- brand -> { score, label, ... }
  parsed_data     jsonb not null default '{}'::jsonb,
  raw             jsonb,
  usage           jsonb,
  latency_ms      integer,
  cost_usd        numeric(12, 6),
  model_name      text,
  created_at      timestamptz not null default now(),
  unique (analysis_id, model_id, query_index, sample)
);

create table exports (
  id           text primary key,                       -- 32 random url-safe characters
  project_id   integer not null references projects(id) on delete cascade,
  analysis_id  integer not null references analyses(id) on delete cascade,
  user_id      integer not null references users(id) on delete cascade,
  ai_summary   text,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null
);
create index exports_project_idx on exports(project_id, created_at desc);

create table content_analyses (
  id                 serial primary key,
  project_id         integer references projects(id) on delete cascade,
  user_id            integer not null references users(id) on delete cascade,
  workflow_id        text unique,
  status             text not null default 'running',
  prompt             text not null,
  content            text,
  url                text,
  result             jsonb,
  optimized_content  text,
  metadata           jsonb not null default '{}'::jsonb,
  created_at         timestamptz not null default now()
);

create table content_exports (
  id           text primary key,
  user_id      integer not null references users(id) on delete cascade,
  payload      jsonb not null,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null
);

create table content_ideas (
  id           serial primary key,
  project_id   integer references projects(id) on delete cascade,
  user_id      integer not null references users(id) on delete cascade,
  query        text not null,
  ideas        jsonb not null default '[]'::jsonb,
  contents     jsonb not null default '[]'::jsonb,
  created_at   timestamptz not null default now()
);

create table chat_messages (
  id             serial primary key,
  project_id     integer not null references projects(id) on delete cascade,
  analysis_id    integer references analyses(id) on delete cascade,
  user_id        integer not null references users(id) on delete cascade,
  role           text not null check (role in ('system', 'user', 'assistant')),
  content        text not null,
  data_context   jsonb not null default '[]'::jsonb,
  created_at     timestamptz not null default now()
);

create table feedback (
  id          serial primary key,
  user_id     integer references users(id) on delete set null,
  message     text not null,
  rating      integer,
  created_at  timestamptz not null default now()
);
