-- Money-safe widget actions and analytics that cannot be gamed.

-- One serialised decision per customer. Every widget action that moves money (offer accept, cancel,
-- reactivation accept) runs in one transaction that first upserts this row, which locks it until
-- commit: a second tab, a second instance or a replay waits, then re-checks eligibility against what
-- the first one committed. `generation` counts the committed actions; Stripe idempotency keys include
-- it, so a retry after a crash replays the same Stripe write while a later, different decision (say a
-- cancellation after an undo) gets a fresh key.
create table customer_locks (
  account_id text not null references accounts (id) on delete cascade,
  customer_id text not null,
  generation integer not null default 0,
  locked_at timestamptz not null default now(),
  primary key (account_id, customer_id)
);

-- A widget secret signs live or test-mode subscriber tokens; a test secret's tokens are always test
-- mode, so a secret pasted into a development site can never reach live subscribers' billing.
alter table widget_secrets add column mode text not null default 'live' check (mode in ('live', 'test'));
drop index widget_secrets_account_idx;
create index widget_secrets_account_idx on widget_secrets (account_id, mode) where revoked_at is null;

-- The session as a state machine kept by the server: how many events the widget sent (capped), which
-- offers are on screen now (a decline needs one), and when the subscription was already scheduled to
-- end as the session started (such a session offers nothing and can only undo).
alter table cancel_sessions add column client_events integer not null default 0;
alter table cancel_sessions add column offers_on_screen jsonb not null default '[]'::jsonb;
alter table cancel_sessions add column scheduled_cancel_at timestamptz;

-- Each session ends once. Earlier builds could store several ends for one session (a repeated
-- reason_continue, a cancel after "keep my plan"); the last one recorded is the session's end, as its
-- status already says, and the others go before the rule is made a constraint.
delete from session_events as earlier using session_events as later
  where earlier.session_id = later.session_id
    and earlier.step in ('offer_accepted', 'cancel_completed', 'reason_continue', 'flow_abandoned', 'banner_accepted', 'banner_dismissed')
    and later.step in ('offer_accepted', 'cancel_completed', 'reason_continue', 'flow_abandoned', 'banner_accepted', 'banner_dismissed')
    and later.id > earlier.id;
create unique index session_events_one_end_idx on session_events (session_id)
  where step in ('offer_accepted', 'cancel_completed', 'reason_continue', 'flow_abandoned', 'banner_accepted', 'banner_dismissed');

-- Save-offer performance counts sessions (distinct session_id), still from the index alone.
drop index session_events_offer_outcome_idx;
create index session_events_offer_outcome_idx on session_events (account_id, live, created_at)
  include (step, offer, session_id) where step in ('offer_accepted', 'offer_declined');
