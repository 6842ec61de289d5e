-- Experiments: a content change recorded on a project, the queries it targets (treated) and the ones it
-- should not move (control). Queries by text: analyses snapshot queries by text, and positions change.
create table experiments (
  id           serial primary key,
  project_id   integer not null references projects(id) on delete cascade,
  user_id      integer not null references users(id) on delete cascade,
  description  text not null,
  urls         text[] not null default '{}',
  change_date  date not null,
  treated      text[] not null,
  control      text[] not null,
  created_at   timestamptz not null default now()
);
create index experiments_project_idx on experiments(project_id, change_date);
