-- White-label report branding, scheduled report e-mails and their sends.

-- Branding of an account (user_id) or of one project (project_id): a project's fields override its owner's.
create table report_brandings (
  id                  serial primary key,
  user_id             integer references users(id) on delete cascade,
  project_id          integer references projects(id) on delete cascade,
  company_name        text,
  primary_colour      text,
  accent_colour       text,
  footer_text         text,
  hide_product_name   boolean not null default false,
  logo                bytea,                             -- validated PNG / JPEG / WebP, at most 512 KiB
  logo_type           text,
  updated_at          timestamptz not null default now(),
  check ((user_id is null) <> (project_id is null))
);
create unique index report_brandings_user on report_brandings (user_id) where user_id is not null;
create unique index report_brandings_project on report_brandings (project_id) where project_id is not null;

-- One schedule per project: a Temporal Schedule report-email-<projectId> runs it.
create table report_schedules (
  project_id          integer primary key references projects(id) on delete cascade,
  user_id             integer not null references users(id) on delete cascade,
  frequency           text not null check (frequency in ('weekly', 'monthly')),
  delivery            text not null check (delivery in ('attachment', 'link')),
  enabled             boolean not null default true,
  last_run_at         timestamptz,
  last_outcome        text,                              -- 'sent 2', or why nothing was sent (no SMTP, no analysis)
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);

create table report_recipients (
  id                  serial primary key,
  project_id          integer not null references projects(id) on delete cascade,
  email               text not null,
  unsubscribe_token   text not null unique,
  unsubscribed_at     timestamptz,
  created_at          timestamptz not null default now(),
  unique (project_id, email)
);

-- Every e-mail once: the key names the scheduled run and the recipient; a row is written before the SMTP call
-- ('sending') and completed after it ('sent' with the server's message id, or 'failed' with its error).
create table report_sends (
  id                  bigserial primary key,
  idempotency_key     text not null unique,
  project_id          integer not null references projects(id) on delete cascade,
  recipient_id        integer references report_recipients(id) on delete set null,
  email               text not null,
  analysis_id         integer references analyses(id) on delete set null,
  status              text not null check (status in ('sending', 'sent', 'failed')),
  message_id          text,
  error               text,
  attempts            integer not null default 1,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create index report_sends_project on report_sends (project_id, created_at desc);
