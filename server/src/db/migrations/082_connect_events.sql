-- Stripe Connect: accounts connected by OAuth cannot be given an endpoint of their own, so the platform
-- keeps one `connect: true` endpoint on its own Stripe account that receives every connected account's
-- events (each carries `account`). One row per purpose; its signing secret is stored encrypted.
create table platform_webhook_endpoints (
  purpose text primary key check (purpose in ('connect')),
  stripe_endpoint_id text not null,
  url text not null,
  secret_ciphertext text not null,
  created_at timestamptz not null default now()
);
