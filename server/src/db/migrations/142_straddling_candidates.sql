-- The sessions that straddle the end of an analytics range (an event of a session-counted step before
-- `p_until`, the last one at or after it), read for the dashboard (services/analytics/rollup-queries.ts).
-- They are few, but the planner cannot tell: migration 110's partial index of sessions spanning days is
-- costed as if it held the whole table, so at millions of sessions this read was given parallel workers
-- and, past the JIT threshold, compiled — tens to hundreds of milliseconds for a read of a few rows.
-- Inside this function the read runs serial and uncompiled, and the statement calling it plans for a
-- handful of rows (ROWS 10) instead of a table's worth.
--
-- p_same_day: also the sessions whose last event is later the same day (a range ending mid-day); at a
-- midnight end only sessions spanning days can straddle it.
create function retainkit_straddling_candidates(
  p_account text, p_live boolean, p_steps text[], p_until timestamptz, p_next_midnight timestamptz,
  p_same_day boolean
) returns table (session_id text, step text, offer text)
language sql stable rows 10 set jit = off set max_parallel_workers_per_gather = 0 as $$
  select l.session_id, l.step, l.offer from analytics_session_last as l
  where p_same_day and l.account_id = p_account and l.live = p_live and l.step = any(p_steps)
    and l.last_at >= p_until and l.first_at < p_until and l.last_at < p_next_midnight
  union
  select l.session_id, l.step, l.offer from analytics_session_last as l
  where l.account_id = p_account and l.live = p_live and l.step = any(p_steps)
    and l.last_at >= p_until and l.first_at < p_until
    and (l.first_at at time zone 'UTC')::date <> (l.last_at at time zone 'UTC')::date
$$;
