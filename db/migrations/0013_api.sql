-- Personal API keys for the public REST API (/api/v1) and the MCP server (/mcp), and a log of every call made with one.
-- A key acts as its user; only its SHA-256 is stored (the key is 256 random bits, so a slow hash adds nothing),
-- with the first characters kept to recognise it in lists.
create table api_keys (
  id            serial primary key,
  user_id       integer not null references users(id) on delete cascade,
  name          text not null,
  prefix        text not null,
  key_hash      text not null unique,
  scopes        text[] not null check (scopes <@ array['read', 'run']::text[] and cardinality(scopes) > 0),
  expires_at    timestamptz,
  last_used_at  timestamptz,
  revoked_at    timestamptz,
  revoked_by    integer references users(id) on delete set null,
  created_at    timestamptz not null default now()
);
create index api_keys_user_idx on api_keys(user_id, created_at desc);

create table api_key_calls (
  id          bigserial primary key,
  key_id      integer not null references api_keys(id) on delete cascade,
  method      text not null,
  path        text not null,
  status      integer not null,
  client_address text,
  created_at  timestamptz not null default now()
);
create index api_key_calls_key_idx on api_key_calls(key_id, created_at desc);
