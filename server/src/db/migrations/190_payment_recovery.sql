-- Payment recovery (issue 30). Modules an operator grants an account before general availability
-- (`npm run admin -- early-access <account> on|off`): payment recovery is "Early access".
create table account_features (
  account_id text not null references accounts (id) on delete cascade,
  feature text not null check (feature in ('payment_recovery')),
  granted_at timestamptz not null,
  primary key (account_id, feature)
);

-- A merchant's payment-recovery settings (shared/src/recovery/settings.ts), one row per account.
create table recovery_settings (
  account_id text primary key references accounts (id) on delete cascade,
  settings jsonb not null,
  updated_at timestamptz not null,
  updated_by text
);

-- One campaign per failed invoice of a connected Stripe account: failed -> retrying -> recovered |
-- lost | resolved. Created from invoice.payment_failed (webhook or reconcile) under the account's
-- events lock and the customer's lock; the evaluation pass reads the open ones due by `due_at`.
-- Amounts are integer minor units of `currency` (shared/src/money.ts).
create table recovery_campaigns (
  id bigserial primary key,
  account_id text not null references accounts (id) on delete cascade,
  mode text not null check (mode in ('live', 'test')),
  invoice_id text not null,
  customer_id text not null,
  subscription_id text,
  state text not null default 'failed'
    check (state in ('failed', 'retrying', 'recovered', 'lost', 'resolved')),
  outcome text check (outcome in (
    'stripe_retry', 'our_retry', 'email_link', 'banner',
    'grace_ended', 'canceled_for_nonpayment',
    'paid_elsewhere', 'voided', 'canceled', 'paused')),
  amount bigint not null,
  currency text not null,
  mrr integer not null default 0,
  plan_name text,
  decline_code text,
  hard_decline boolean not null default false,
  -- The card that failed: a payment after a card update is credited to the link the subscriber used.
  failed_payment_method text,
  stripe_attempts integer not null default 0,
  stripe_next_attempt_at timestamptz,
  -- When Retainkit's schedule starts (Stripe's last attempt, or the failure); null while Stripe retries.
  anchor_at timestamptz,
  our_attempts integer not null default 0,
  reminder_sent_at timestamptz,
  final_notice_sent_at timestamptz,
  due_at timestamptz,
  ends_at timestamptz,
  email text,
  locale text,
  time_zone text,
  link_channel text check (link_channel in ('email', 'banner')),
  link_opened_at timestamptz,
  -- Stripe's attempt count on the invoice when it was paid (Stripe's and Retainkit's attempts alike).
  recovered_attempt integer,
  failed_at timestamptz not null,
  closed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- Bumped by every write: the evaluation pass writes a batch back only where it is unchanged.
  version integer not null default 0,
  unique (account_id, invoice_id)
);
create index recovery_campaigns_due_idx on recovery_campaigns (due_at, id) where state in ('failed', 'retrying');
create index recovery_campaigns_open_customer_idx on recovery_campaigns (account_id, customer_id)
  where state in ('failed', 'retrying');
create index recovery_campaigns_failed_idx on recovery_campaigns (account_id, mode, failed_at);
create index recovery_campaigns_closed_idx on recovery_campaigns (account_id, mode, closed_at)
  where closed_at is not null;

-- Retainkit's own retries: one row per scheduled attempt, written in the transaction that calls
-- invoices.pay with an idempotency key derived from the invoice and the attempt number, so an attempt
-- is charged at most once however many passes or instances reach it.
create table recovery_attempts (
  campaign_id bigint not null references recovery_campaigns (id) on delete cascade,
  attempt integer not null,
  at timestamptz not null,
  result text not null check (result in ('paid', 'declined', 'requires_action', 'not_open')),
  decline_code text,
  primary key (campaign_id, attempt)
);

-- The event types the endpoint registered on the merchant's Stripe account listens to, so the
-- reconcile widens an older endpoint when Retainkit follows more (payment recovery's invoice events).
alter table gateway_credentials add column webhook_events text;
