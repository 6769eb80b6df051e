-- The Sessions page (issue 33): every cancel and banner session of an account, newest first, read a page
-- at a time by (created_at, id) keyset within a mode. created_at and mode never change after the insert,
-- so the events call's updates of a session (status, offers on screen, counters) stay heap-only: this
-- index costs the ingest path nothing per event, one entry per session start.
create index cancel_sessions_log_idx on cancel_sessions (account_id, mode, created_at desc, id desc);

-- Who a subscriber is, as the merchant's Stripe said when a session started (or an import read it):
-- e-mail and name for the session log (masked for viewers by the server), searched by e-mail prefix.
create table subscriber_customers (
  account_id text not null references accounts (id) on delete cascade,
  customer_id text not null,
  email text,
  name text,
  updated_at timestamptz not null default now(),
  primary key (account_id, customer_id)
);
create index subscriber_customers_email_idx on subscriber_customers (account_id, lower(email) text_pattern_ops)
  where email is not null;

-- A segment's or an arm's sessions, newest first: set when a session starts and never changed, so these
-- too cost one entry per session start. A filter matching few sessions then reads only those, not the
-- whole period (the status and reason change during a session: they are filtered while reading the log).
create index cancel_sessions_log_segment_idx on cancel_sessions (account_id, mode, segment_id, created_at desc, id desc)
  where segment_id is not null;
create index cancel_sessions_log_arm_idx on cancel_sessions (account_id, mode, arm_id, created_at desc, id desc)
  where arm_id is not null;
