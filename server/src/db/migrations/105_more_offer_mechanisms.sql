-- Two more save mechanisms: a trial extended, and a subscriber who chose to talk to the merchant's
-- support instead of cancelling. Same rule otherwise; the constraint is Postgres's default name.
alter table saves drop constraint saves_mechanism_check;
alter table saves add constraint saves_mechanism_check check (mechanism in ('discount', 'pause', 'plan_switch', 'billing_cycle', 'trial_extension', 'talk_to_us', 'reactivation'));
