-- Billing: Pro trials, each account's subscription on the platform's own Stripe account, the Stripe
-- events already applied, usage notices, the subscribers the widget stepped aside for, and the metered
-- usage still to report. Existing accounts are not touched: they keep the tier in accounts.tier (the
-- operator's), and get no trial.

-- When the account's 30-day Pro trial ends; null for accounts created before trials existed.
alter table accounts add column trial_ends_at timestamptz;

-- What Stripe last told us about the account's platform subscription (re-read from Stripe on every
-- event, so the order events arrive in does not matter). One Stripe customer per account.
create table platform_subscriptions (
  account_id text primary key references accounts (id) on delete cascade,
  customer_id text not null unique,
  subscription_id text,
  -- The subscription's own creation time: a newer live subscription replaces an older one, never the reverse.
  subscription_created timestamptz,
  status text,
  price_id text,
  billing_interval text check (billing_interval in ('month', 'year')),
  cancel_at_period_end boolean not null default false,
  current_period_end timestamptz,
  -- The first failed payment of the current dunning episode: Pro is kept for a grace period after it.
  payment_failed_at timestamptz,
  -- The Checkout Session still open for this account, expired before a new one is made.
  checkout_session_id text,
  synced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Stripe events applied, by id: a redelivered event changes nothing.
create table billing_events (
  event_id text primary key,
  type text not null,
  account_id text references accounts (id) on delete set null,
  event_created timestamptz not null,
  received_at timestamptz not null default now()
);

-- The 80 % and 100 % notices of a month's session limit: one row each, so at most one mail each (a
-- new limit in the same month, Starter to Pro, has notices of its own).
create table usage_notices (
  account_id text not null references accounts (id) on delete cascade,
  month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
  threshold integer not null check (threshold in (80, 100)),
  sessions integer not null,
  session_limit integer not null,
  created_at timestamptz not null default now(),
  -- Claimed by whoever sends the mail (set before sending, cleared if sending fails).
  mailed_at timestamptz,
  primary key (account_id, month, threshold, session_limit)
);

-- Subscribers the widget stepped aside for because the Starter cap was used up: one row per
-- subscriber and month, however often they clicked.
create table stepped_aside (
  account_id text not null references accounts (id) on delete cascade,
  month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
  customer_id text not null,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  attempts integer not null default 1,
  primary key (account_id, month, customer_id)
);

-- Cancel sessions beyond the fair-use line, one metered unit each, reported to Stripe as Billing Meter
-- events (identifier = the session id, so a retry is never counted twice).
create table usage_reports (
  session_id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  customer_id text not null,
  occurred_at timestamptz not null,
  reported_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index usage_reports_pending_idx on usage_reports (occurred_at) where reported_at is null;
