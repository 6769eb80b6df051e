-- Rollup counters that concurrent writers of one account never share (replaces migration 110's slots).
--
-- Migration 110 split each daily counter over four `slot`s picked by the writing backend's pid modulo 4.
-- Two transactions of one merchant whose backends share that residue still update the same row, and
-- the second waits for the first's commit, which for the events route came after a round trip to a
-- busy Node process: with a pool of ten, most ingest calls queued on those row locks, then on the pool,
-- and the pool answered 503 (lost analytics).
--
-- Now each writing transaction claims, per account, the lowest slot number no other open transaction
-- holds: a transaction-scoped advisory lock on (hash of the account, slot), taken with the non-blocking
-- try form, so claiming never waits and cannot deadlock, and is released at commit or rollback. Two
-- transactions open at the same time therefore never write the same counter row, whichever instance,
-- pool or connection they come from (a pooler in transaction mode included); a transaction alone gets
-- slot 0, which is also where the backfills and retainkit_rebuild_rollups (migration 112) write, so an
-- account's rows multiply only with its own peak of simultaneous writers. A transaction asking again
-- (another statement) gets a slot it already holds or a lower free one: correct either way, since
-- readers sum the slots and no slot belongs to anyone once the transaction ends.
--
-- Chosen over moving the counters off the request path (an append-only delta table folded in by a
-- background pass): that keeps every reader as it is (they sum over `slot`), adds no table to fold or
-- to read beside the rollups, and the write stays one upsert per counter. See ARCHITECTURE.md.

-- Slots above this are not looked for: more simultaneous writers of one account than that share the
-- last slots by pid (correct; they only wait for each other, as before).
create function retainkit_rollup_slot(p_account text) returns smallint language plpgsql volatile as $$
declare
  account_key integer := hashtext('retainkit rollup slot ' || p_account);
begin
  for n in 0..127 loop
    if pg_try_advisory_xact_lock(account_key, n) then
      return n::smallint;
    end if;
  end loop;
  return (128 + pg_backend_pid() % 32)::smallint;
end
$$;

create or replace function retainkit_count_last(
  p_account text, p_live boolean, p_step text, p_at timestamptz, p_reason text, p_offer text, p_delta integer
) returns void language sql as $$
  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, last_of_session)
  values (p_account, p_live, p_step, (p_at at time zone 'UTC')::date, coalesce(p_reason, ''), p_offer,
    retainkit_rollup_slot(p_account), p_delta)
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set last_of_session = d.last_of_session + excluded.last_of_session
$$;

-- Migration 110's trigger function with the claimed slots: one per account among the inserted rows.
create or replace function retainkit_rollup_events() returns trigger language plpgsql as $$
declare
  latest record;
  previous record;
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

  -- Sessions already known (a second reason, another decline): their last event may move.
  for latest in
    select b.* from (
      select distinct on (account_id, session_id, step, coalesce(offer, ''))
        session_id, step, coalesce(offer, '') as offer, account_id, live,
        case when step = 'reason_selected' then reason_key end as reason_key, created_at, id,
        min(created_at) over (partition by account_id, session_id, step, coalesce(offer, '')) as first_at
      from inserted
      where session_id is not null and step in ('reason_selected', 'offer_accepted', 'offer_declined')
      order by account_id, session_id, step, coalesce(offer, ''), created_at desc, id desc
    ) as b
    join analytics_session_last as known on known.account_id = b.account_id
      and known.session_id = b.session_id and known.step = b.step and known.offer = b.offer
    where known.last_id <> b.id
    order by b.account_id, b.session_id, b.step, b.offer
  loop
    select * into previous from analytics_session_last
      where account_id = latest.account_id and session_id = latest.session_id and step = latest.step
        and offer = latest.offer
      for update;
    if (latest.created_at, latest.id) > (previous.last_at, previous.last_id) then
      update analytics_session_last
        set reason_key = latest.reason_key, last_at = latest.created_at, last_id = latest.id,
          first_at = least(first_at, latest.first_at)
        where account_id = latest.account_id and session_id = latest.session_id and step = latest.step
          and offer = latest.offer;
      perform retainkit_count_last(previous.account_id, previous.live, previous.step, previous.last_at,
        previous.reason_key, previous.offer, -1);
      perform retainkit_count_last(latest.account_id, latest.live, latest.step, latest.created_at,
        latest.reason_key, latest.offer, 1);
    elsif latest.first_at < previous.first_at then
      update analytics_session_last set first_at = latest.first_at
        where account_id = latest.account_id and session_id = latest.session_id and step = latest.step
          and offer = latest.offer;
    end if;
  end loop;
  return null;
end
$$;

create or replace function retainkit_rollup_saves() returns trigger language plpgsql as $$
declare
  accounts text[];
  slots smallint[];
begin
  select array_agg(account_id order by account_id), array_agg(retainkit_rollup_slot(account_id) order by account_id)
    into accounts, slots
    from (select distinct account_id from inserted) as a;

  insert into analytics_daily_saves as d (account_id, live, day, mechanism, currency, slot, mrr, saves)
  select i.account_id, live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), ''),
    s.slot, sum(mrr_after), count(*)
  from inserted as i
  join unnest(accounts, slots) as s (account_id, slot) on s.account_id = i.account_id
  group by 1, 2, 3, 4, 5, 6
  order by 1, 2, 3, 4, 5, 6
  on conflict (account_id, live, day, mechanism, currency, slot)
    do update set mrr = d.mrr + excluded.mrr, saves = d.saves + excluded.saves;
  return null;
end
$$;
