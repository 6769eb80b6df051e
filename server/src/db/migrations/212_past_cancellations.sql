-- Cancellations from before Retainkit (issue 33): when Stripe is connected, the last 12 months of the
-- merchant's canceled subscriptions are read from Stripe and kept here, apart from cancel_sessions, so the
-- flow's own figures (save rate, sessions) never count them.
--
-- One import per account, resumable: the cursor is the last Stripe subscription id whose page was stored,
-- written in the same transaction as that page's rows. A run holds a lease (token and expiry) so two
-- instances never read the same pages; a run that dies leaves the lease to expire and the next run goes
-- on from the cursor.
create table past_cancellation_imports (
  account_id text primary key references accounts (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  stripe_account_id text,
  livemode boolean not null default false,
  requested_at timestamptz not null,
  window_start timestamptz not null,
  cursor text,
  scanned integer not null default 0,
  found integer not null default 0,
  lease_token text,
  lease_until timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  retry_at timestamptz
);

-- A worker looks for imports to start, go on with, or retry.
create index past_cancellation_imports_due on past_cancellation_imports (status) where status <> 'done';

-- One row per canceled Stripe subscription: the primary key is what makes a second run, a parallel run or
-- another instance's run import each cancellation once.
create table past_cancellations (
  account_id text not null references accounts (id) on delete cascade,
  subscription_id text not null,
  stripe_account_id text,
  livemode boolean not null,
  customer_id text not null,
  customer_email text,
  customer_name text,
  started_at timestamptz,
  canceled_at timestamptz not null,
  price_id text,
  product_id text,
  plan_name text,
  mrr_amount integer not null,
  currency text not null,
  reason text,
  feedback text,
  comment text,
  imported_at timestamptz not null,
  primary key (account_id, subscription_id)
);

create index past_cancellations_by_time on past_cancellations (account_id, canceled_at desc);
