-- Agent analytics: which AI crawlers and assistants visit the brand's site. Raw log lines are kept only
-- until their chunk is ingested (then the chunk's data is dropped); what stays is aggregates and a few sample lines.

-- The per-project push endpoint's ingest key: only its SHA-256 and first characters are stored.
create table if not exists crawler_settings (
  project_id   integer primary key references projects(id) on delete cascade,
  key_hash     text,
  key_prefix   text,
  robots       jsonb,          -- the last robots.txt check: { url, fetchedAt, status, rules }
  updated_at   timestamptz not null default now()
);

-- One upload, pushed batch or demo month; batch_id makes a retried push a no-op.
create table if not exists crawler_uploads (
  id            bigserial primary key,
  project_id    integer not null references projects(id) on delete cascade,
  user_id       integer references users(id) on delete set null,
  source        text not null check (source in ('upload', 'push', 'demo')),
  batch_id      text,
  file_name     text not null default '',
  spec          jsonb not null,                 -- FormatSpec: format, fields, csv mapping
  bytes         bigint not null default 0,
  chunks        integer not null default 0,
  status        text not null default 'pending' check (status in ('pending', 'running', 'completed', 'failed')),
  lines         bigint not null default 0,
  bad_lines     bigint not null default 0,
  bad_examples  jsonb not null default '[]'::jsonb,
  error         text,
  simulated     boolean not null default false,
  created_at    timestamptz not null default now(),
  finished_at   timestamptz,
  unique (project_id, batch_id)
);
create index if not exists crawler_uploads_project on crawler_uploads (project_id, id desc);

-- The file cut at line ends into chunks: the workflow's checkpoint. data is set to null once the chunk is counted.
create table if not exists crawler_chunks (
  upload_id   bigint not null references crawler_uploads(id) on delete cascade,
  seq         integer not null,
  bytes       integer not null,
  first_line  bigint not null default 1,   -- the file's line number of the chunk's first line
  data        bytea,
  done_at     timestamptz,
  lines       integer not null default 0,
  bad_lines   integer not null default 0,
  primary key (upload_id, seq)
);

create table if not exists crawler_hits (
  project_id  integer not null references projects(id) on delete cascade,
  day         date not null,
  bot         text not null,
  bot_class   text not null,
  verified    text not null check (verified in ('verified', 'unverified', 'unknown')),
  path        text not null,
  status      smallint not null,
  hits        bigint not null,
  last_seen   timestamptz not null,
  simulated   boolean not null default false,
  primary key (project_id, day, bot, verified, path, status)
);
create index if not exists crawler_hits_path on crawler_hits (project_id, path);

create table if not exists crawler_referrals (
  project_id  integer not null references projects(id) on delete cascade,
  day         date not null,
  assistant   text not null,
  path        text not null,
  visits      bigint not null,
  primary key (project_id, day, assistant, path)
);

create table if not exists crawler_humans (
  project_id  integer not null references projects(id) on delete cascade,
  day         date not null,
  hits        bigint not null,
  primary key (project_id, day)
);

-- Evidence: at most 20 lines per bot and project (older ones are dropped as new ones come).
create table if not exists crawler_samples (
  id          bigserial primary key,
  project_id  integer not null references projects(id) on delete cascade,
  bot         text not null,
  line        text not null,
  created_at  timestamptz not null default now()
);
create index if not exists crawler_samples_bot on crawler_samples (project_id, bot, id desc);

-- crawler_hits without the path: what the tab's chart, agent table and alerts read (a year is ~10^4 rows, not ~10^5).
create table if not exists crawler_bot_days (
  project_id  integer not null references projects(id) on delete cascade,
  day         date not null,
  bot         text not null,
  bot_class   text not null,
  verified    text not null,
  status      smallint not null,
  hits        bigint not null,
  last_seen   timestamptz not null,
  simulated   boolean not null default false,
  primary key (project_id, day, bot, verified, status)
);

-- crawler_hits per calendar month, page and agent: a year of the page join reads ~10 months here and at most two
-- partial months of crawler_hits.
create table if not exists crawler_path_months (
  project_id  integer not null references projects(id) on delete cascade,
  month       date not null,
  path        text not null,
  bot         text not null,
  hits        bigint not null,
  blocked     bigint not null,
  last_seen   timestamptz not null,
  primary key (project_id, month, path, bot)
);
