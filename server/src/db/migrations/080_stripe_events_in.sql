-- The merchant's own Stripe events: the webhook endpoint Retainkit registers on the merchant's Stripe
-- account when it is connected (its signing secret stored encrypted, like the key), the events already
-- applied (by id, per account), and what Stripe last said about each subscriber's subscription. Saves
-- are followed from these rows, so a save that did not stick is seen even when the cancel happened
-- elsewhere (Billing Portal, support).

alter table gateway_credentials add column webhook_endpoint_id text;
alter table gateway_credentials add column webhook_secret_ciphertext text;
-- The last backfill or reconcile of the account's subscriptions: the next reconcile reads the events
-- created since then, so an event Stripe failed to deliver is applied anyway.
alter table gateway_credentials add column subscriptions_synced_at timestamptz;

create table merchant_stripe_events (
  account_id text not null references accounts (id) on delete cascade,
  event_id text not null,
  type text not null,
  event_created timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (account_id, event_id)
);

-- Re-read from Stripe on every event that concerns it, so the order events arrive in does not matter.
create table subscriber_subscriptions (
  account_id text not null references accounts (id) on delete cascade,
  subscription_id text not null,
  customer_id text not null,
  status text not null,
  cancel_at_period_end boolean not null default false,
  -- When cancellation was asked for (also a scheduled one) and when the subscription actually ended.
  canceled_at timestamptz,
  ended_at timestamptz,
  paused boolean not null default false,
  -- The first time this subscription was seen unpaid (`unpaid`, `past_due`, `incomplete_expired`).
  unpaid_since timestamptz,
  stripe_created timestamptz not null,
  synced_at timestamptz not null,
  primary key (account_id, subscription_id)
);
create index subscriber_subscriptions_customer_idx on subscriber_subscriptions (account_id, customer_id);
