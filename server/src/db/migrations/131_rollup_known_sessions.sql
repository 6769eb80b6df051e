-- The rollup trigger of session_events (migrations 110, 130) with its known-session step set-based.
--
-- When a batch holds another event of a session already counted (a second reason, another decline),
-- that session's last event may move to another day or reason. Migration 110 walked those sessions one
-- by one: per session a locking read, an update and two counter upserts, each its own statement in the
-- trigger. The events route sends a session's events in several small batches, so most of its inserts
-- take that path: measured with the backend's CPU time, it was about half of the trigger's cost for a
-- three-event insert. Here it is one statement for all of them: the sessions' rows locked in key order
-- (as before, so two writers never wait on each other in opposite orders), moved or given an earlier
-- first time, and the moves counted off the old day and reason and onto the new ones in the
-- transaction's claimed slot (pairs that cancel out are not written). Same counts as before: the
-- rollups test compares them with the raw events on both databases.

create or replace function retainkit_rollup_events() returns trigger language plpgsql as $$
declare
  accounts text[];
  slots smallint[];
begin
  select array_agg(account_id order by account_id), array_agg(retainkit_rollup_slot(account_id) order by account_id)
    into accounts, slots
    from (select distinct account_id from inserted) as a;

  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, events, sessionless)
  select i.account_id, live, step, (created_at at time zone 'UTC')::date, coalesce(reason_key, ''),
    coalesce(offer, ''), s.slot, count(*), count(*) filter (where session_id is null)
  from inserted as i
  join unnest(accounts, slots) as s (account_id, slot) on s.account_id = i.account_id
  group by 1, 2, 3, 4, 5, 6, 7
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set events = d.events + excluded.events, sessionless = d.sessionless + excluded.sessionless;

  insert into analytics_daily_words as w (account_id, live, day, word, slot, occurrences)
  select i.account_id, live, (created_at at time zone 'UTC')::date, token, s.slot, count(*)
  from inserted as i
  join unnest(accounts, slots) as s (account_id, slot) on s.account_id = i.account_id,
    unnest(words) as token
  where step = 'feedback_submitted' and words is not null
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (account_id, live, day, word, slot) do update set occurrences = w.occurrences + excluded.occurrences;

  -- Sessions seen for the first time (most of them): one set-based insert, and their days counted.
  with latest as (
    select distinct on (account_id, session_id, step, coalesce(offer, ''))
      session_id, step, coalesce(offer, '') as offer, account_id, live,
      case when step = 'reason_selected' then reason_key end as reason_key, created_at, id,
      min(created_at) over (partition by account_id, session_id, step, coalesce(offer, '')) as first_at
    from inserted
    where session_id is not null and step in ('reason_selected', 'offer_accepted', 'offer_declined')
    order by account_id, session_id, step, coalesce(offer, ''), created_at desc, id desc
  ), fresh as (
    insert into analytics_session_last
      (session_id, step, offer, account_id, live, reason_key, first_at, last_at, last_id)
    select session_id, step, offer, account_id, live, reason_key, first_at, created_at, id from latest
    order by account_id, session_id, step, offer
    on conflict (account_id, session_id, step, offer) do nothing
    returning account_id, live, step, last_at, reason_key, offer
  )
  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, last_of_session)
  select f.account_id, live, step, (last_at at time zone 'UTC')::date, coalesce(reason_key, ''), offer,
    s.slot, count(*)
  from fresh as f
  join unnest(accounts, slots) as s (account_id, slot) on s.account_id = f.account_id
  group by 1, 2, 3, 4, 5, 6, 7
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set last_of_session = d.last_of_session + excluded.last_of_session;

  -- Sessions already known (a second reason, another decline): their last event may move. One
  -- statement for all of them: their rows locked in key order, moved (or only their first time set
  -- earlier), and each move counted off the old day and onto the new one.
  with batch as (
    select distinct on (account_id, session_id, step, coalesce(offer, ''))
      session_id, step, coalesce(offer, '') as offer, account_id,
      case when step = 'reason_selected' then reason_key end as reason_key, created_at, id,
      min(created_at) over (partition by account_id, session_id, step, coalesce(offer, '')) as first_at
    from inserted
    where session_id is not null and step in ('reason_selected', 'offer_accepted', 'offer_declined')
    order by account_id, session_id, step, coalesce(offer, ''), created_at desc, id desc
  ), known as (
    select l.account_id, l.session_id, l.step, l.offer, l.live, l.reason_key as old_reason, l.last_at as old_at,
      l.first_at as old_first, b.reason_key as new_reason, b.created_at as new_at, b.id as new_id,
      b.first_at as new_first, (b.created_at, b.id) > (l.last_at, l.last_id) as moves
    from batch as b
    join analytics_session_last as l on l.account_id = b.account_id and l.session_id = b.session_id
      and l.step = b.step and l.offer = b.offer
    where l.last_id <> b.id
    order by l.account_id, l.session_id, l.step, l.offer
    for update of l
  ), changed as (
    update analytics_session_last as l
      set reason_key = case when k.moves then k.new_reason else l.reason_key end,
        last_at = case when k.moves then k.new_at else l.last_at end,
        last_id = case when k.moves then k.new_id else l.last_id end,
        first_at = least(l.first_at, k.new_first)
    from known as k
    where l.account_id = k.account_id and l.session_id = k.session_id and l.step = k.step and l.offer = k.offer
      and (k.moves or k.new_first < k.old_first)
  )
  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, last_of_session)
  select m.account_id, m.live, m.step, m.day, m.reason_key, m.offer, s.slot, sum(m.delta)
  from (
    select account_id, live, step, (old_at at time zone 'UTC')::date as day, coalesce(old_reason, '') as reason_key,
      offer, -1 as delta
    from known where moves
    union all
    select account_id, live, step, (new_at at time zone 'UTC')::date, coalesce(new_reason, ''), offer, 1
    from known where moves
  ) as m
  join unnest(accounts, slots) as s (account_id, slot) on s.account_id = m.account_id
  group by 1, 2, 3, 4, 5, 6, 7
  having sum(m.delta) <> 0
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set last_of_session = d.last_of_session + excluded.last_of_session;
  return null;
end
$$;
