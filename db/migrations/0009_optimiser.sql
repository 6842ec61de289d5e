-- Content optimiser. content_analyses (0001) records every run, for the analysis quota;
-- optimiser_saves holds the analyses saved to a project ("Saved content analysis"), one user's each.
create table optimiser_saves (
  id                 serial primary key,
  project_id         integer not null references projects(id) on delete cascade,
  user_id            integer not null references users(id) on delete cascade,
  analysis_result    jsonb not null,
  optimized_content  text,
  metadata           jsonb not null default '{}'::jsonb,
  created_at         timestamptz not null default now()
);
create index optimiser_saves_project_idx on optimiser_saves(project_id, user_id, created_at desc);
create index content_analyses_user_idx on content_analyses(user_id, created_at);
