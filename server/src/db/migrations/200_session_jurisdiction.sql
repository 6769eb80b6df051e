-- Issue 34: each cancel session's jurisdiction, decided at its start on the server (shared
-- jurisdiction/decide.ts: mode, region, where the address came from, the rule and why), the language
-- its words were resolved in, and what happened outside the flow's own ends: a "talk to us" contact
-- (not a save), the answer to the post-cancellation offer question, and the cancellation receipt's
-- reference number.
alter table cancel_sessions add column jurisdiction jsonb;
alter table cancel_sessions add column locale text check (locale is null or length(locale) <= 35);
alter table cancel_sessions add column contacted_at timestamptz;
alter table cancel_sessions add column after_cancel_answer text check (after_cancel_answer is null or after_cancel_answer in ('yes', 'no'));
alter table cancel_sessions add column receipt_reference text check (receipt_reference is null or length(receipt_reference) <= 40);
create unique index cancel_sessions_receipt_reference_idx on cancel_sessions (account_id, receipt_reference) where receipt_reference is not null;
