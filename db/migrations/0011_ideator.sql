-- Content Ideator: each content_ideas row is one generation of ideas for a project (or a
-- batch of content written for ideas the API client sent), with the setup it was asked with and the
-- grounding the model was given. Ideas' and contents' own ids are "<row id>-<n>".

alter table content_ideas
  add column user_brief      text not null default '',
  add column content_type    text not null default 'blog-post',
  add column language        text not null default 'british-english',
  add column audience        text,
  add column is_custom_query boolean not null default false,
  add column analysis_id     integer references analyses(id) on delete set null,
  add column grounding       jsonb,
  add column provider        text,
  add column origin          text not null default 'ideas' check (origin in ('ideas', 'content')),
  add column updated_at      timestamptz not null default now();

create index content_ideas_project_idx on content_ideas (project_id, created_at desc);
-- The rolling-day quota counts a user's generations.
create index content_ideas_user_idx on content_ideas (user_id, created_at desc);
