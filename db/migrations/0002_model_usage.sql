-- Model calls outside an analysis (framework generation now; chat, optimiser and ideator later),
-- with the gateway's cost, so the per-user daily cost cap counts them as well as analysis answers.
create table model_usage (
  id          bigserial primary key,
  user_id     integer not null references users(id) on delete cascade,
  kind        text not null,
  provider    text,
  cost_usd    numeric(12, 6) not null default 0,
  created_at  timestamptz not null default now()
);
create index model_usage_user_time_idx on model_usage(user_id, created_at);
