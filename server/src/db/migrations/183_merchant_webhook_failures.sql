-- When a delivery of the merchant's Stripe events last failed here (a signature out of step, an error
-- while applying it), until a reconcile that started after it has read back every event: meanwhile the
-- reactivation banner does not trust subscriber_subscriptions rows written before it and reads Stripe.
alter table gateway_credentials add column webhook_failed_at timestamptz;
