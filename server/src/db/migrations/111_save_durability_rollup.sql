-- Save durability ("saves that stuck"), rolled up so the dashboard reads a few rows per day instead of
-- joining every save of the range to its session and its subscription
-- (server/src/services/analytics/durability-rollup.ts). Two tables, kept by triggers:
--
-- analytics_save_followups: per save, what its durability needs, decided when the save, its session or
-- its subscription is written: its reason, currency, whether Stripe told us about its subscription
-- (`tracked`), when it was lost (`lost_at`) and the first checkpoint (30, 60 or 90 days) it was lost by
-- (`lost_within`, 0 when not within 90 days or never). Instants are compared to the millisecond, as the
-- raw computation (durability.ts) compares them in JavaScript.
--
-- analytics_daily_durability: per account, mode, UTC day of the save, mechanism, reason, currency and
-- those three facts, the saves and their MRR. What still depends on the clock (a checkpoint reached or
-- pending) is decided per day at read time; only the day a checkpoint boundary falls in is read per save.
--
-- `lost_at` is always an instant Stripe reported (an end, a cancellation asked for, the first unpaid
-- sighting, the sync that saw it), so it lies in the past when the dashboard reads it.
-- '' stands for a missing reason or currency, as in migration 110.

lock table saves, cancel_sessions, subscriber_subscriptions in share mode;

create table analytics_save_followups (
  save_id bigint primary key references saves (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  session_id text,
  subscription_id text,
  saved_at timestamptz not null,
  mechanism text not null,
  reason_key text not null default '',
  currency text not null default '',
  mrr bigint not null,
  tracked boolean not null,
  lost_at timestamptz,
  lost_within smallint not null default 0
);
create index analytics_save_followups_day_idx on analytics_save_followups (account_id, live, saved_at);
create index analytics_save_followups_subscription_idx on analytics_save_followups (account_id, subscription_id);
create index analytics_save_followups_session_idx on analytics_save_followups (session_id);

create table analytics_daily_durability (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  mechanism text not null,
  reason_key text not null default '',
  currency text not null default '',
  tracked boolean not null,
  lost boolean not null,
  lost_within smallint not null,
  saves integer not null default 0,
  mrr bigint not null default 0,
  primary key (account_id, live, day, mechanism, reason_key, currency, tracked, lost, lost_within)
);

-- Every save's follow-up facts as the tables hold them now: the one definition both the backfill and
-- the triggers use.
create view analytics_save_state as
select s.id as save_id, s.account_id, s.live, s.session_id,
  coalesce(s.subscription_id, cs.subscription_id) as subscription_id, s.created_at as saved_at, s.mechanism,
  coalesce(cs.reason_key, '') as reason_key, coalesce(lower(s.currency), '') as currency,
  s.mrr_after::bigint as mrr, ss.status is not null as tracked, lost.at as lost_at,
  case
    when lost.at is null then 0
    when date_trunc('milliseconds', lost.at) <= date_trunc('milliseconds', s.created_at) + interval '720 hours' then 30
    when date_trunc('milliseconds', lost.at) <= date_trunc('milliseconds', s.created_at) + interval '1440 hours' then 60
    when date_trunc('milliseconds', lost.at) <= date_trunc('milliseconds', s.created_at) + interval '2160 hours' then 90
    else 0
  end::smallint as lost_within
from saves s
left join cancel_sessions cs on cs.id = s.session_id
left join subscriber_subscriptions ss on ss.account_id = s.account_id
  and ss.subscription_id = coalesce(s.subscription_id, cs.subscription_id)
left join lateral (
  -- Cancelled (when it ended), a cancellation asked for at the period's end, or unpaid: the first of
  -- them at or after the save.
  select min(candidate) as at from (values
    (case
      when ss.status = 'canceled' then coalesce(ss.ended_at, ss.canceled_at)
      when ss.cancel_at_period_end then coalesce(ss.canceled_at, ss.synced_at)
    end),
    (ss.unpaid_since)
  ) as candidates (candidate)
  where ss.status is not null
    and date_trunc('milliseconds', candidate) >= date_trunc('milliseconds', s.created_at)
) as lost on true;

-- Adds (p_sign 1) or takes away (p_sign -1) the given saves' follow-ups from the daily counts.
create function retainkit_count_followups(p_save_ids bigint[], p_sign integer) returns void language sql as $$
  insert into analytics_daily_durability as d
    (account_id, live, day, mechanism, reason_key, currency, tracked, lost, lost_within, saves, mrr)
  select account_id, live, (saved_at at time zone 'UTC')::date, mechanism, reason_key, currency, tracked,
    lost_at is not null, lost_within, p_sign * count(*), p_sign * sum(mrr)
  from analytics_save_followups
  where save_id = any(p_save_ids)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  order by 1, 2, 3, 4, 5, 6, 7, 8, 9
  on conflict (account_id, live, day, mechanism, reason_key, currency, tracked, lost, lost_within)
    do update set saves = d.saves + excluded.saves, mrr = d.mrr + excluded.mrr
$$;

-- Recomputes the given saves' follow-ups (their session or subscription changed) and moves their counts.
create function retainkit_refollow(p_save_ids bigint[]) returns void language plpgsql as $$
begin
  if coalesce(array_length(p_save_ids, 1), 0) = 0 then
    return;
  end if;
  perform retainkit_count_followups(p_save_ids, -1);
  update analytics_save_followups f
    set session_id = v.session_id, subscription_id = v.subscription_id, saved_at = v.saved_at,
      mechanism = v.mechanism, reason_key = v.reason_key, currency = v.currency, mrr = v.mrr,
      tracked = v.tracked, lost_at = v.lost_at, lost_within = v.lost_within
    from analytics_save_state v
    where v.save_id = f.save_id and f.save_id = any(p_save_ids);
  perform retainkit_count_followups(p_save_ids, 1);
end
$$;

create function retainkit_follow_new_saves() returns trigger language plpgsql as $$
declare
  ids bigint[];
begin
  select array_agg(id order by id) into ids from inserted;
  insert into analytics_save_followups
    (save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency, mrr,
      tracked, lost_at, lost_within)
  select save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency,
    mrr, tracked, lost_at, lost_within
  from analytics_save_state where save_id = any(ids)
  order by save_id;
  perform retainkit_count_followups(ids, 1);
  return null;
end
$$;

create function retainkit_refollow_save() returns trigger language plpgsql as $$
begin
  perform retainkit_refollow(array[new.id]);
  return null;
end
$$;

create function retainkit_refollow_session() returns trigger language plpgsql as $$
begin
  perform retainkit_refollow(array(
    select save_id from analytics_save_followups where session_id = new.id order by save_id));
  return null;
end
$$;

create function retainkit_refollow_subscription() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then
    changed := old;
  else
    changed := new;
  end if;
  perform retainkit_refollow(array(
    select save_id from analytics_save_followups
    where account_id = changed.account_id and subscription_id = changed.subscription_id
    order by save_id));
  if tg_op = 'UPDATE' and old.subscription_id <> new.subscription_id then
    perform retainkit_refollow(array(
      select save_id from analytics_save_followups
      where account_id = old.account_id and subscription_id = old.subscription_id
      order by save_id));
  end if;
  return null;
end
$$;

-- Backfill from what is already stored, then let the triggers carry on.
insert into analytics_save_followups
  (save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency, mrr,
    tracked, lost_at, lost_within)
select save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency,
  mrr, tracked, lost_at, lost_within
from analytics_save_state;

insert into analytics_daily_durability
  (account_id, live, day, mechanism, reason_key, currency, tracked, lost, lost_within, saves, mrr)
select account_id, live, (saved_at at time zone 'UTC')::date, mechanism, reason_key, currency, tracked,
  lost_at is not null, lost_within, count(*), sum(mrr)
from analytics_save_followups
group by 1, 2, 3, 4, 5, 6, 7, 8, 9;

create trigger saves_follow after insert on saves
  referencing new table as inserted for each statement execute function retainkit_follow_new_saves();
create trigger saves_refollow after update of session_id, subscription_id, created_at, mechanism, mrr_after, currency
  on saves for each row execute function retainkit_refollow_save();
create trigger cancel_sessions_refollow after update of reason_key, subscription_id on cancel_sessions
  for each row when (old.reason_key is distinct from new.reason_key or old.subscription_id is distinct from new.subscription_id)
  execute function retainkit_refollow_session();
create trigger subscriber_subscriptions_refollow after insert or update or delete on subscriber_subscriptions
  for each row execute function retainkit_refollow_subscription();
