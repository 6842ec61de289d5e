-- Reverse-DNS verification of the agents whose vendors document it (Googlebot, Bingbot, Applebot). Off by default:
-- the lookups leave the machine.
alter table crawler_settings add column if not exists reverse_dns boolean not null default false;

-- Those agents' hits per claimed address, held from the chunk that counted them until the step after the ingest has
-- looked the addresses up; then moved into crawler_hits (and its rollups) as verified or unverified, in one transaction.
create table if not exists crawler_rdns_pending (
  upload_id   bigint not null references crawler_uploads(id) on delete cascade,
  project_id  integer not null references projects(id) on delete cascade,
  ip          text not null,
  day         date not null,
  bot         text not null,
  bot_class   text not null,
  path        text not null,
  status      smallint not null,
  hits        bigint not null,
  last_seen   timestamptz not null,
  simulated   boolean not null default false,
  primary key (upload_id, ip, day, bot, path, status)
);

-- One lookup per project and address: the PTR names, and those whose A/AAAA records hold the address again
-- (forward-confirmed). Deleted with the project's log data; looked up again after a week.
create table if not exists crawler_rdns (
  project_id  integer not null references projects(id) on delete cascade,
  ip          text not null,
  names       text[] not null,
  confirmed   text[] not null,
  checked_at  timestamptz not null default now(),
  primary key (project_id, ip)
);
