-- Several web processes and workers: what must be counted once lives here, not in a process's memory.

-- rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres, its own column layout): the per-user and
-- per-address budgets of the model routes and the FAQ chat, one row per `<prefix>:<key>`; expire in epoch ms.
create table if not exists rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);

-- Calls in flight per model provider across every worker (db/provider-slots.ts): a call holds one of the
-- provider's `<PROVIDER>_CONCURRENCY` slots until it ends, or until its lease runs out when its worker died.
create table if not exists provider_slots (
  provider text not null,
  slot integer not null,
  holder text not null,
  lease_until timestamptz not null,
  primary key (provider, slot)
);
