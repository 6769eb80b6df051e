-- Save durability reads part of each checkpoint's boundary day save by save (durability-rollup.ts): at
-- ten million events that is thousands of saves, each a heap fetch after migration 111's index on
-- (account, mode, time). This index carries what the read needs, so it is answered from the index alone;
-- it replaces that one (no other read uses it). Its extra columns change only when Stripe tells us about
-- a save's subscription (the triggers of migration 111), not on the dashboard's or the widget's writes.
create index analytics_save_followups_read_idx on analytics_save_followups (account_id, live, saved_at)
  include (mechanism, reason_key, currency, tracked, lost_at, lost_within, mrr);
drop index analytics_save_followups_day_idx;
