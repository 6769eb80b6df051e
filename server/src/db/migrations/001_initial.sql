-- Retainkit schema, PostgreSQL dialect: the same file runs on PGlite and on PostgreSQL.
-- Timestamps are timestamptz (UTC); money is integer minor units (cents).

create table settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table users (
  id uuid primary key,
  email text not null unique,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz,
  active_account_id text
);

create table accounts (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{1,100}$'),
  name text not null,
  slug text not null unique,
  email text,
  domain text,
  tier text not null default 'free' check (tier in ('free', 'pro')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table users add constraint users_active_account_fk
  foreign key (active_account_id) references accounts (id) on delete set null;

create table memberships (
  account_id text not null references accounts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'editor', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (account_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

-- Every saved configuration is kept; the highest version is the current one.
create table flow_configs (
  account_id text not null references accounts (id) on delete cascade,
  version integer not null check (version > 0),
  config jsonb not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (account_id, version)
);

create table cancellation_reasons (
  account_id text primary key references accounts (id) on delete cascade,
  reasons jsonb not null,
  updated_at timestamptz not null default now()
);

-- Secrets are AES-256-GCM ciphertexts (never plaintext); only a masked hint is stored beside them.
create table gateway_credentials (
  account_id text primary key references accounts (id) on delete cascade,
  gateway text not null default 'stripe' check (gateway = 'stripe'),
  secret_key_ciphertext text not null,
  secret_key_hint text not null,
  publishable_key text not null,
  stripe_account_id text,
  connected_via text not null default 'key' check (connected_via in ('key', 'oauth')),
  refresh_token_ciphertext text,
  livemode boolean not null default false,
  last_tested_at timestamptz,
  last_test_ok boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table stripe_oauth_states (
  state text primary key,
  account_id text not null references accounts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

-- Widget secrets sign subscriber tokens; at most two active at once (rotation).
create table widget_secrets (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  secret_ciphertext text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index widget_secrets_account_idx on widget_secrets (account_id) where revoked_at is null;

create table cancel_sessions (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  kind text not null default 'cancel' check (kind in ('cancel', 'reactivation')),
  mode text not null default 'live' check (mode in ('live', 'test')),
  customer_id text not null,
  subscription_id text,
  status text not null default 'open' check (status in ('open', 'saved', 'canceled', 'stayed', 'abandoned')),
  reason_key text,
  mrr integer not null default 0,
  currency text,
  eligible_offers jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index cancel_sessions_account_created_idx on cancel_sessions (account_id, created_at);
create index cancel_sessions_customer_idx on cancel_sessions (account_id, customer_id);

create table session_events (
  id bigserial primary key,
  account_id text not null references accounts (id) on delete cascade,
  session_id text references cancel_sessions (id) on delete cascade,
  step text not null,
  reason_key text,
  offer text,
  text text,
  created_at timestamptz not null default now(),
  client_at timestamptz
);
-- Analytics read events by account, step and time.
create index session_events_account_step_created_idx on session_events (account_id, step, created_at);
create index session_events_session_idx on session_events (session_id);

create table saves (
  id bigserial primary key,
  account_id text not null references accounts (id) on delete cascade,
  session_id text references cancel_sessions (id) on delete set null,
  customer_id text not null,
  subscription_id text,
  mechanism text not null check (mechanism in ('discount', 'pause', 'plan_switch', 'billing_cycle', 'reactivation')),
  mrr_before integer not null default 0,
  mrr_after integer not null default 0,
  currency text,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index saves_account_created_idx on saves (account_id, created_at);
create index saves_account_customer_idx on saves (account_id, customer_id, created_at);

-- Replayed widget actions answer from here instead of touching Stripe twice.
create table idempotent_actions (
  account_id text not null references accounts (id) on delete cascade,
  key text not null,
  request_hash text not null,
  status integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (account_id, key)
);

create table widget_loads (
  account_id text not null references accounts (id) on delete cascade,
  origin text not null,
  first_loaded_at timestamptz not null default now(),
  last_loaded_at timestamptz not null default now(),
  primary key (account_id, origin)
);

create table contact_messages (
  id bigserial primary key,
  name text not null,
  email text not null,
  company text,
  message text not null,
  created_at timestamptz not null default now()
);

create table waitlist_signups (
  email text not null,
  product text not null,
  created_at timestamptz not null default now(),
  primary key (email, product)
);

create table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);

-- Embedded auth (GoTrue-compatible subset).
create table auth_signing_keys (
  kid text primary key,
  private_jwk_ciphertext text not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

create table auth_one_time_tokens (
  token_hash text primary key,
  email text not null,
  code_challenge text,
  code_challenge_method text,
  redirect_to text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index auth_one_time_tokens_email_idx on auth_one_time_tokens (email, created_at);

create table auth_flow_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  code_challenge text not null,
  code_challenge_method text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table auth_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table auth_refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth_sessions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  revoked_at timestamptz
);

create table auth_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text text not null,
  link text,
  sent_at timestamptz not null default now()
);
