-- Subscribing during Retainkit's own trial keeps the days left (issue 33): Checkout starts the Pro
-- subscription trialing until the trial's end, and the first charge is then. The subscription's trial end
-- as Stripe last reported it, so Plan & billing can say when that first charge happens.
alter table platform_subscriptions add column trial_end timestamptz;
