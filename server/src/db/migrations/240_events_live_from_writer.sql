-- The events call's statements update the session row and insert its events in one statement, so they
-- write each event's `live` themselves, from that very row (its mode, read as the update leaves it). The
-- per-row trigger that looked the session up again for every stored event (about a third of the
-- database's work per event in the ingest benchmark) now runs only for rows whose writer left `live`
-- out: every other writer (session starts, billing actions, seeds, fixtures) is unchanged and still
-- cannot forget it. `live` loses its default so that a value left out can be told from one given; a row
-- without a session still gets true, as the default gave it. The saves trigger shares the function and
-- behaves as before (a save without a session keeps the value it was given).
alter table session_events alter column live drop default;

-- One line: migrations are split into statements at semicolons that end a line (db/migrate.ts).
create or replace function retainkit_live_of_session() returns trigger language plpgsql as $$begin if new.session_id is not null then new.live := coalesce((select mode = 'live' from cancel_sessions where id = new.session_id), true); else new.live := coalesce(new.live, true); end if; return new; end$$;

drop trigger session_events_live on session_events;

create trigger session_events_live before insert on session_events
  for each row when (new.live is null) execute function retainkit_live_of_session();
