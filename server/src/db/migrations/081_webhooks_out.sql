-- Webhooks out: the merchant's HTTPS endpoints, and a durable delivery queue in the database. Each event
-- becomes one delivery row per subscribed endpoint inside the transaction that made it happen (an
-- outbox), so a crash cannot lose it; workers claim due rows with FOR UPDATE SKIP LOCKED and a lease, so
-- several instances never send one delivery at once, and a worker killed mid-send leaves a lease that
-- expires and the row is sent again.

create table webhook_endpoints_out (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  url text not null check (url like 'https://%'),
  -- 'slack': the body is a Slack incoming-webhook message instead of the event itself.
  kind text not null default 'generic' check (kind in ('generic', 'slack')),
  event_types jsonb not null,
  secret_ciphertext text not null,
  description text,
  created_at timestamptz not null default now()
);
create index webhook_endpoints_out_account_idx on webhook_endpoints_out (account_id);

create table webhook_deliveries (
  id bigserial primary key,
  account_id text not null references accounts (id) on delete cascade,
  endpoint_id text not null references webhook_endpoints_out (id) on delete cascade,
  event_id text not null,
  event_type text not null,
  -- The exact body sent (and signed), fixed when the event happened.
  payload text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  -- Retries stop here (three days after the event, or after a manual replay).
  give_up_at timestamptz not null,
  -- A worker's claim; past it, the row is due again (the worker died or hung).
  locked_until timestamptz,
  last_status integer,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_account_idx on webhook_deliveries (account_id, created_at);

-- Every attempt, for the delivery log: when, the receiver's status code (null: no answer), the error.
create table webhook_attempts (
  id bigserial primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null,
  response_status integer,
  error text,
  duration_ms integer not null default 0
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id);
