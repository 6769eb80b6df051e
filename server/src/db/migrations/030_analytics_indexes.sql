-- Analytics (server/src/services/analytics/queries.ts): index-only plans for the dashboard's reads.
-- Checked with EXPLAIN ANALYZE on PostgreSQL 15 with 1M events for one account (a database that
-- `npx tsx tests/bench/analytics.bench.ts --keep` leaves behind).
-- 001's (account_id, step, created_at) already serves the save rate (index-only counts per month) and
-- the write-in words (which need the text from the table anyway).

-- Cancellation reasons count each session's LAST pick. Walked backwards, this index hands over each
-- session's picks newest first, so DISTINCT ON (session_id) needs neither a sort nor a hash of every
-- pick; reason_key rides along so the table is never read.
create index session_events_reason_pick_idx on session_events (account_id, session_id, created_at, id)
  include (reason_key) where step = 'reason_selected';

-- Save-mechanism performance groups accepted and declined offers by offer: covering, so index-only.
create index session_events_offer_outcome_idx on session_events (account_id, created_at)
  include (step, offer) where step in ('offer_accepted', 'offer_declined');
