-- The mark of a failed delivery of the merchant's Stripe events moves out of gateway_credentials into a
-- table of its own: refusing a forged or out-of-step delivery writes it on purpose, and that write
-- should not touch (or lock) the row holding the account's encrypted keys.
create table merchant_delivery_failures (
  account_id text primary key references accounts(id) on delete cascade,
  failed_at timestamptz not null
);
insert into merchant_delivery_failures (account_id, failed_at)
  select account_id, webhook_failed_at from gateway_credentials where webhook_failed_at is not null;
alter table gateway_credentials drop column webhook_failed_at;
