-- Analytics rollups, kept up to date by the database in the transaction that writes an event or a save,
-- so that a dashboard reads a few rows per day in its range instead of every event
-- (server/src/services/analytics/rollup-queries.ts). Days are UTC days, as the analytics months are UTC
-- months. Events and saves are append-only (nothing but an account's deletion removes them, and that
-- cascades to these tables too).
--
-- Counters are split over a few `slot`s (the writing backend's pid modulo 4): concurrent ingest for one
-- merchant then updates different rows instead of queueing behind one row lock until commit. Readers
-- sum the slots. '' stands for a missing reason, offer or currency: the widget's schemas never accept
-- an empty one.

-- No write may slip between the backfill below and the triggers that take over from it.
lock table session_events, saves in share mode;

-- Per account, mode, UTC day, step, reason and offer: the events (`events`), those without a session
-- (`sessionless`), and the sessions whose LAST event of this step (and offer) is that day's with this
-- reason (`last_of_session`: a session's final reason, or its last decline of an offer).
create table analytics_daily (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  step text not null,
  day date not null,
  reason_key text not null default '',
  offer text not null default '',
  slot smallint not null default 0,
  events integer not null default 0,
  sessionless integer not null default 0,
  last_of_session integer not null default 0,
  primary key (account_id, live, step, day, reason_key, offer, slot)
);

-- Each session's last reason pick, and its last event per (offer_accepted | offer_declined, offer), with
-- the first one's time: the facts a range edge needs to count a session once, by its last event in range.
create table analytics_session_last (
  session_id text not null references cancel_sessions (id) on delete cascade,
  step text not null,
  offer text not null default '',
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  reason_key text,
  first_at timestamptz not null,
  last_at timestamptz not null,
  last_id bigint not null,
  primary key (account_id, session_id, step, offer)
);
create index analytics_session_last_at_idx on analytics_session_last (account_id, live, step, last_at);
-- The rare sessions whose events of one kind span more than a UTC day: the only ones that can straddle
-- a range ending at midnight.
create index analytics_session_last_spanning_idx on analytics_session_last (account_id, live, step, last_at)
  where (first_at at time zone 'UTC')::date <> (last_at at time zone 'UTC')::date;

-- Write-in word occurrences per day, from the tokens stored with each feedback (migration 031).
create table analytics_daily_words (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  word text not null,
  slot smallint not null default 0,
  occurrences integer not null default 0,
  primary key (account_id, live, day, word, slot)
);

-- Saves per day, mechanism and currency (lower case): MRR kept and how many.
create table analytics_daily_saves (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  mechanism text not null,
  currency text not null default '',
  slot smallint not null default 0,
  mrr bigint not null default 0,
  saves integer not null default 0,
  primary key (account_id, live, day, mechanism, currency, slot)
);

-- Adds `delta` sessions to a day's last-event count (a session's last event moved, or appeared).
create function retainkit_count_last(
  p_account text, p_live boolean, p_step text, p_at timestamptz, p_reason text, p_offer text, p_delta integer
) returns void language sql as $$
  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, last_of_session)
  values (p_account, p_live, p_step, (p_at at time zone 'UTC')::date, coalesce(p_reason, ''), p_offer,
    (pg_backend_pid() % 4)::smallint, p_delta)
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set last_of_session = d.last_of_session + excluded.last_of_session
$$;

create function retainkit_rollup_events() returns trigger language plpgsql as $$
declare
  slot_now smallint := (pg_backend_pid() % 4)::smallint;
  latest record;
  previous record;
begin
  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, slot, events, sessionless)
  select account_id, live, step, (created_at at time zone 'UTC')::date, coalesce(reason_key, ''),
    coalesce(offer, ''), slot_now, count(*), count(*) filter (where session_id is null)
  from inserted
  group by 1, 2, 3, 4, 5, 6
  order by 1, 2, 3, 4, 5, 6
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set events = d.events + excluded.events, sessionless = d.sessionless + excluded.sessionless;

  insert into analytics_daily_words as w (account_id, live, day, word, slot, occurrences)
  select account_id, live, (created_at at time zone 'UTC')::date, token, slot_now, count(*)
  from inserted, unnest(words) as token
  where step = 'feedback_submitted' and words is not null
  group by 1, 2, 3, 4
  order by 1, 2, 3, 4
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
  select account_id, live, step, (last_at at time zone 'UTC')::date, coalesce(reason_key, ''), offer,
    slot_now, count(*)
  from fresh
  group by 1, 2, 3, 4, 5, 6
  order by 1, 2, 3, 4, 5, 6
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

create function retainkit_rollup_saves() returns trigger language plpgsql as $$
begin
  insert into analytics_daily_saves as s (account_id, live, day, mechanism, currency, slot, mrr, saves)
  select account_id, live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), ''),
    (pg_backend_pid() % 4)::smallint, sum(mrr_after), count(*)
  from inserted
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (account_id, live, day, mechanism, currency, slot)
    do update set mrr = s.mrr + excluded.mrr, saves = s.saves + excluded.saves;
  return null;
end
$$;

-- Backfill from what is already stored, then let the triggers carry on.
insert into analytics_daily (account_id, live, step, day, reason_key, offer, events, sessionless)
select account_id, live, step, (created_at at time zone 'UTC')::date, coalesce(reason_key, ''),
  coalesce(offer, ''), count(*), count(*) filter (where session_id is null)
from session_events
group by 1, 2, 3, 4, 5, 6;

insert into analytics_daily_words (account_id, live, day, word, occurrences)
select account_id, live, (created_at at time zone 'UTC')::date, token, count(*)
from session_events, unnest(words) as token
where step = 'feedback_submitted' and words is not null
group by 1, 2, 3, 4;

insert into analytics_session_last (session_id, step, offer, account_id, live, reason_key, first_at, last_at, last_id)
select distinct on (account_id, session_id, step, coalesce(offer, ''))
  session_id, step, coalesce(offer, ''), account_id, live,
  case when step = 'reason_selected' then reason_key end,
  min(created_at) over (partition by account_id, session_id, step, coalesce(offer, '')), created_at, id
from session_events
where session_id is not null and step in ('reason_selected', 'offer_accepted', 'offer_declined')
order by account_id, session_id, step, coalesce(offer, ''), created_at desc, id desc;

insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, last_of_session)
select account_id, live, step, (last_at at time zone 'UTC')::date, coalesce(reason_key, ''), offer, count(*)
from analytics_session_last
group by 1, 2, 3, 4, 5, 6
on conflict (account_id, live, step, day, reason_key, offer, slot)
  do update set last_of_session = d.last_of_session + excluded.last_of_session;

insert into analytics_daily_saves (account_id, live, day, mechanism, currency, mrr, saves)
select account_id, live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), ''),
  sum(mrr_after), count(*)
from saves
group by 1, 2, 3, 4, 5;

create trigger session_events_rollup after insert on session_events
  referencing new table as inserted for each statement execute function retainkit_rollup_events();
create trigger saves_rollup after insert on saves
  referencing new table as inserted for each statement execute function retainkit_rollup_saves();
