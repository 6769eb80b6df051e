-- Live and test data apart. A merchant trying the widget in test mode (`init({mode:'test'})`, or a
-- token with mode=test) gets real sessions, events and saves, but those rehearsals must not mix with
-- what subscribers really did: the dashboard shows live data, and test data on request (`mode=test`).
--
-- Every event and save carries `live`, its session's mode, set by the database on insert so that no
-- write path (widget calls, server-recorded steps, seeds, fixtures) can forget it; a session's mode never
-- changes. Rows without a session count as live, as they always did.
alter table session_events add column live boolean not null default true;
alter table saves add column live boolean not null default true;

-- One line: migrations are split into statements at semicolons that end a line (db/migrate.ts).
create function retainkit_live_of_session() returns trigger language plpgsql as $$begin if new.session_id is not null then new.live := coalesce((select mode = 'live' from cancel_sessions where id = new.session_id), true); end if; return new; end$$;

create trigger session_events_live before insert on session_events
  for each row execute function retainkit_live_of_session();
create trigger saves_live before insert on saves
  for each row execute function retainkit_live_of_session();

update session_events set live = false
  where session_id in (select id from cancel_sessions where mode = 'test');
update saves set live = false
  where session_id in (select id from cancel_sessions where mode = 'test');

-- The analytics reads (server/src/services/analytics/queries.ts) all test `live` (or `not live`): the
-- indexes of 001 and 030 are rebuilt with it right after the account, so the plans stay index-only for
-- either mode. Nothing else reads session_events by step.
drop index session_events_account_step_created_idx;
create index session_events_account_step_created_idx on session_events (account_id, live, step, created_at);

drop index session_events_reason_pick_idx;
create index session_events_reason_pick_idx on session_events (account_id, live, session_id, created_at, id)
  include (reason_key) where step = 'reason_selected';

drop index session_events_offer_outcome_idx;
create index session_events_offer_outcome_idx on session_events (account_id, live, created_at)
  include (step, offer) where step in ('offer_accepted', 'offer_declined');

drop index saves_account_created_idx;
create index saves_account_created_idx on saves (account_id, live, created_at);
