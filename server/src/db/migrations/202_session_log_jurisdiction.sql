-- The Sessions page's jurisdiction-mode filter: a mode few of an account's sessions ran in (the
-- statutory page for a mostly American merchant) would otherwise read the whole period, as the other
-- filters did before their own indexes. The mode is written once, when the session starts, and never
-- changes: one entry per session start, no update of a running session loses its heap-only path.
create index cancel_sessions_log_jurisdiction_idx on cancel_sessions (account_id, mode, (jurisdiction->>'mode'), created_at desc, id desc);
