-- Concurrent writers spread the daily counters of migration 110 over slots (writers that run at the same
-- time add to rows of their own), so a busy day holds several rows for every key, and every dashboard
-- read adds them all up again for every day of its range. Once a day is over its rows hardly change: this folds them, per key, into
-- one row (the key's lowest slot present), so readers sum a quarter of the rows for past days. The
-- sums are untouched, and nothing reads a slot for its own sake.
--
-- It never waits on a writer: only rows it could lock at once (FOR UPDATE SKIP LOCKED) are folded, into
-- a row it holds too, so a write in flight keeps its rows and the next pass folds them. It takes its
-- locks in key order, as the triggers write, and touches one table per statement. Every join is on a
-- table's primary key: the embedded database has no autovacuum, and without statistics a join between
-- two intermediate results was planned as a nested loop over both (14 s for 5,000 rows).
-- Called by the server's periodic pass (server/src/services/analytics/compaction.ts) for the days before
-- `p_before` (today); returns how many rows it folded away.
create function retainkit_compact_rollup_slots(p_account text, p_before date) returns integer
language plpgsql as $$
declare
  folded integer := 0;
  n integer;
begin
  with multi as (
    select live, step, day, reason_key, offer from analytics_daily
    where account_id = p_account and day < p_before
    group by 1, 2, 3, 4, 5 having count(*) > 1
  ), locked as materialized (
    select t.live, t.step, t.day, t.reason_key, t.offer, t.slot
    from analytics_daily t
    join multi m
      on (t.live, t.step, t.day, t.reason_key, t.offer) = (m.live, m.step, m.day, m.reason_key, m.offer)
    where t.account_id = p_account
    order by t.live, t.step, t.day, t.reason_key, t.offer, t.slot
    for update of t skip locked
  ), ranked as materialized (
    -- Per key, the rows this pass holds, and the one they fold into.
    select *, min(slot) over w as keep, count(*) over w as held
    from locked
    window w as (partition by live, step, day, reason_key, offer)
  ), moved as (
    delete from analytics_daily t
    using ranked r
    where t.account_id = p_account
      and (t.live, t.step, t.day, t.reason_key, t.offer, t.slot) = (r.live, r.step, r.day, r.reason_key, r.offer, r.slot)
      and r.held > 1 and r.slot > r.keep
    returning t.live, t.step, t.day, t.reason_key, t.offer, r.keep, t.events, t.sessionless, t.last_of_session
  ), sums as (
    select live, step, day, reason_key, offer, keep, count(*) as rows, sum(events) as events,
      sum(sessionless) as sessionless, sum(last_of_session) as last_of_session
    from moved group by 1, 2, 3, 4, 5, 6
  ), kept as (
    update analytics_daily t
    set events = t.events + s.events, sessionless = t.sessionless + s.sessionless,
      last_of_session = t.last_of_session + s.last_of_session
    from sums s
    where t.account_id = p_account
      and (t.live, t.step, t.day, t.reason_key, t.offer) = (s.live, s.step, s.day, s.reason_key, s.offer)
      and t.slot = s.keep
    returning s.rows
  )
  select coalesce(sum(rows), 0) into n from kept;
  folded := folded + n;

  with multi as (
    select live, day, word from analytics_daily_words
    where account_id = p_account and day < p_before
    group by 1, 2, 3 having count(*) > 1
  ), locked as materialized (
    select t.live, t.day, t.word, t.slot
    from analytics_daily_words t
    join multi m on (t.live, t.day, t.word) = (m.live, m.day, m.word)
    where t.account_id = p_account
    order by t.live, t.day, t.word, t.slot
    for update of t skip locked
  ), ranked as materialized (
    -- Per key, the rows this pass holds, and the one they fold into.
    select *, min(slot) over w as keep, count(*) over w as held
    from locked
    window w as (partition by live, day, word)
  ), moved as (
    delete from analytics_daily_words t
    using ranked r
    where t.account_id = p_account and (t.live, t.day, t.word, t.slot) = (r.live, r.day, r.word, r.slot)
      and r.held > 1 and r.slot > r.keep
    returning t.live, t.day, t.word, r.keep, t.occurrences
  ), sums as (
    select live, day, word, keep, count(*) as rows, sum(occurrences) as occurrences
    from moved group by 1, 2, 3, 4
  ), kept as (
    update analytics_daily_words t
    set occurrences = t.occurrences + s.occurrences
    from sums s
    where t.account_id = p_account and (t.live, t.day, t.word) = (s.live, s.day, s.word) and t.slot = s.keep
    returning s.rows
  )
  select coalesce(sum(rows), 0) into n from kept;
  folded := folded + n;

  with multi as (
    select live, day, mechanism, currency from analytics_daily_saves
    where account_id = p_account and day < p_before
    group by 1, 2, 3, 4 having count(*) > 1
  ), locked as materialized (
    select t.live, t.day, t.mechanism, t.currency, t.slot
    from analytics_daily_saves t
    join multi m on (t.live, t.day, t.mechanism, t.currency) = (m.live, m.day, m.mechanism, m.currency)
    where t.account_id = p_account
    order by t.live, t.day, t.mechanism, t.currency, t.slot
    for update of t skip locked
  ), ranked as materialized (
    -- Per key, the rows this pass holds, and the one they fold into.
    select *, min(slot) over w as keep, count(*) over w as held
    from locked
    window w as (partition by live, day, mechanism, currency)
  ), moved as (
    delete from analytics_daily_saves t
    using ranked r
    where t.account_id = p_account
      and (t.live, t.day, t.mechanism, t.currency, t.slot) = (r.live, r.day, r.mechanism, r.currency, r.slot)
      and r.held > 1 and r.slot > r.keep
    returning t.live, t.day, t.mechanism, t.currency, r.keep, t.mrr, t.saves
  ), sums as (
    select live, day, mechanism, currency, keep, count(*) as rows, sum(mrr) as mrr, sum(saves) as saves
    from moved group by 1, 2, 3, 4, 5
  ), kept as (
    update analytics_daily_saves t
    set mrr = t.mrr + s.mrr, saves = t.saves + s.saves
    from sums s
    where t.account_id = p_account
      and (t.live, t.day, t.mechanism, t.currency) = (s.live, s.day, s.mechanism, s.currency)
      and t.slot = s.keep
    returning s.rows
  )
  select coalesce(sum(rows), 0) into n from kept;
  return folded + n;
end
$$;
