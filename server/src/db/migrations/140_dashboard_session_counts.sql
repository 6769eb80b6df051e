-- What the dashboard's headline row still counted from the raw rows: the cancel sessions started in a
-- range (and in the range before it), which grew with every session an account ever had. Rolled up per
-- account, mode and UTC day like migration 110's counts, so the row reads a few rows per day
-- (server/src/services/analytics/rollup-queries.ts, rolledUpSessionsStarted).
--
-- Only cancel sessions count (a reactivation banner's session is not one). A session's kind, mode and
-- start never change once written, and only an account's deletion removes sessions (which cascades to
-- this table too), so an insert trigger keeps the counts exact. Live session starts already lock their
-- account's row (the monthly session cap), so one counter row per day adds no wait of its own.

-- No session may slip between the backfill below and the trigger that takes over from it.
lock table cancel_sessions in share mode;

create table analytics_daily_sessions (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  sessions integer not null default 0,
  primary key (account_id, live, day)
);

create function retainkit_rollup_sessions() returns trigger language plpgsql as $$
begin
  insert into analytics_daily_sessions as d (account_id, live, day, sessions)
  select account_id, mode = 'live', (created_at at time zone 'UTC')::date, count(*)
  from inserted
  where kind = 'cancel'
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (account_id, live, day) do update set sessions = d.sessions + excluded.sessions;
  return null;
end
$$;

-- Backfill from what is already stored, then let the trigger carry on.
insert into analytics_daily_sessions (account_id, live, day, sessions)
select account_id, mode = 'live', (created_at at time zone 'UTC')::date, count(*)
from cancel_sessions
where kind = 'cancel'
group by 1, 2, 3;

create trigger cancel_sessions_rollup after insert on cancel_sessions
  referencing new table as inserted for each statement execute function retainkit_rollup_sessions();

-- One account's session counts recomputed from its sessions: what a bulk load with the triggers held back
-- calls once, beside retainkit_rebuild_rollups (migration 112), which rebuilds the other rollups.
create function retainkit_rebuild_session_rollup(p_account text) returns void language sql as $$
  delete from analytics_daily_sessions where account_id = p_account;
  insert into analytics_daily_sessions (account_id, live, day, sessions)
  select account_id, mode = 'live', (created_at at time zone 'UTC')::date, count(*)
  from cancel_sessions
  where account_id = p_account and kind = 'cancel'
  group by 1, 2, 3;
$$;
