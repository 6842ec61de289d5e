-- Counters per client address for the throttles that are not sign-in: failed API key attempts
-- ('api-key:<address>') and sign-ups ('signup:<address>'). One row per kind and address: the current window's
-- count decides a 429; total, last_at and detail stay for the admins' list of failed key attempts.
create table address_counters (
  key           text primary key,
  window_start  timestamptz not null default now(),
  count         integer not null default 0,
  total         integer not null default 0,
  last_at       timestamptz not null default now(),
  detail        text
);
create index address_counters_last_idx on address_counters(last_at desc);

-- Setup codes used to claim admin rights for a local account: `npm start` prints a fresh code while the
-- install has no admin (ADMIN_SETUP_CODE of the web process); a code works once, whoever uses it.
create table admin_setup_codes (
  code_hash  text primary key,
  user_id    integer references users(id) on delete set null,
  used_at    timestamptz not null default now()
);
