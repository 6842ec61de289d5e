-- Sharing, admin and consent. Forward-only.

-- A signed-in user's own archive flag on a public project they do not own (sharees keep theirs in project_shares).
create table project_archives (
  project_id  integer not null references projects(id) on delete cascade,
  user_id     integer not null references users(id) on delete cascade,
  created_at  timestamptz not null default now(),
  primary key (project_id, user_id)
);

-- Every admin action: who, what, on whom, when, before and after.
create table admin_audit_log (
  id              bigserial primary key,
  admin_id        integer references users(id) on delete set null,
  admin_email     text not null,
  action          text not null,
  target_user_id  integer,                      -- kept after the user is deleted
  target_email    text,
  before          jsonb,
  after           jsonb,
  created_at      timestamptz not null default now()
);
create index admin_audit_log_target_idx on admin_audit_log(target_user_id, created_at desc);

alter table feedback add column handled_at timestamptz;
alter table feedback add column handled_by integer references users(id) on delete set null;

-- The cookie consent record of a signed-in user, mirrored from the browser.
create table cookie_consents (
  user_id       integer primary key references users(id) on delete cascade,
  version       text not null,
  analytics     boolean not null default false,
  marketing     boolean not null default false,
  preferences   boolean not null default false,
  timestamp     timestamptz not null default now(),
  last_updated  timestamptz not null default now()
);
