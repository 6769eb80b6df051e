-- Embedded auth (GoTrue-compatible subset), part 2: what the user object, social sign-in and
-- session metadata need beyond 001. Columns added to users are nullable or defaulted, so rows
-- created elsewhere (seed, tests, other routes) stay valid.

alter table users add column email_confirmed_at timestamptz;
alter table users add column updated_at timestamptz;
alter table users add column user_metadata jsonb not null default '{}'::jsonb;

-- One row per way a user signs in: provider 'email' (provider_id = user id) or a social provider
-- (provider_id = the provider's stable subject).
create table auth_identities (
  id uuid primary key,
  provider text not null,
  provider_id text not null,
  user_id uuid not null references users (id) on delete cascade,
  email text,
  identity_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_sign_in_at timestamptz,
  unique (provider, provider_id)
);
create index auth_identities_user_idx on auth_identities (user_id);

-- The link type ('magiclink' or 'signup') must match at /verify; metadata is applied on creation.
alter table auth_one_time_tokens add column type text not null default 'magiclink';
alter table auth_one_time_tokens add column user_metadata jsonb;

-- How the user authenticated ('otp' or 'oauth'): carried into the session and the token's amr claim.
alter table auth_flow_codes add column authentication_method text not null default 'otp';
alter table auth_sessions add column authentication_method text not null default 'otp';
alter table auth_sessions add column authenticated_at timestamptz;
alter table auth_sessions add column refreshed_at timestamptz;
create index auth_sessions_user_idx on auth_sessions (user_id);
create index auth_refresh_tokens_session_idx on auth_refresh_tokens (session_id);

-- Social sign-in: the OAuth `state` we send to the provider (hashed), with where to go afterwards.
create table auth_oauth_states (
  state_hash text primary key,
  provider text not null,
  redirect_to text not null,
  code_challenge text,
  code_challenge_method text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
