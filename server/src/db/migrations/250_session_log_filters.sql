-- Filters of the Sessions page that match few or none of a large account's sessions read the whole
-- period without an index of their own (1M sessions on PostgreSQL: 227 to 400 ms for a kind or a
-- reason that no session has, against a few ms for a page): each gets its own index in the log's order.
-- A banner account's cancel sessions or a cancel account's banner sessions: the kind is set when a
-- session starts and never changes, so this costs one entry per session start.
create index cancel_sessions_log_kind_idx on cancel_sessions (account_id, mode, kind, created_at desc, id desc);

-- The reason is set once while a session runs (rarely changed after): that one update is no longer
-- heap-only, every other update of the session (status, offers on screen, counters) still is.
create index cancel_sessions_log_reason_idx on cancel_sessions (account_id, mode, reason_key, created_at desc, id desc)
  where reason_key is not null;

-- The outcome changes once, when the session ends (open to saved, cancelled…): that update too.
create index cancel_sessions_log_status_idx on cancel_sessions (account_id, mode, status, created_at desc, id desc);

-- An offer filter asks for a session's offer_shown event: the account's shown offers by offer, so one
-- no session was shown (trial extension never turned on) is answered from this index instead of a look
-- at every session's events; only offer_shown events get an entry.
create index session_events_offer_shown_idx on session_events (account_id, offer, session_id)
  where step = 'offer_shown';
