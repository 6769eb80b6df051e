-- One account's analytics rollups (migrations 110 and 111) recomputed from its raw events and saves in a
-- few set-based statements: what a bulk load calls once after writing many rows with the per-statement
-- triggers held back (the embedded database's demo seed), instead of paying for the triggers on every
-- row. The statements are migration 110's and 111's backfills narrowed to one account; the seed's test
-- compares their result with what the triggers build from the same rows.
create function retainkit_rebuild_rollups(p_account text) returns void language plpgsql as $$
begin
  delete from analytics_daily where account_id = p_account;
  delete from analytics_daily_words where account_id = p_account;
  delete from analytics_session_last where account_id = p_account;
  delete from analytics_daily_saves where account_id = p_account;
  delete from analytics_daily_durability where account_id = p_account;
  delete from analytics_save_followups where account_id = p_account;

  insert into analytics_daily (account_id, live, step, day, reason_key, offer, events, sessionless)
  select account_id, live, step, (created_at at time zone 'UTC')::date, coalesce(reason_key, ''),
    coalesce(offer, ''), count(*), count(*) filter (where session_id is null)
  from session_events
  where account_id = p_account
  group by 1, 2, 3, 4, 5, 6;

  insert into analytics_daily_words (account_id, live, day, word, occurrences)
  select account_id, live, (created_at at time zone 'UTC')::date, token, count(*)
  from session_events, unnest(words) as token
  where account_id = p_account and step = 'feedback_submitted' and words is not null
  group by 1, 2, 3, 4;

  insert into analytics_session_last (session_id, step, offer, account_id, live, reason_key, first_at, last_at, last_id)
  select distinct on (account_id, session_id, step, coalesce(offer, ''))
    session_id, step, coalesce(offer, ''), account_id, live,
    case when step = 'reason_selected' then reason_key end,
    min(created_at) over (partition by account_id, session_id, step, coalesce(offer, '')), created_at, id
  from session_events
  where account_id = p_account and session_id is not null
    and step in ('reason_selected', 'offer_accepted', 'offer_declined')
  order by account_id, session_id, step, coalesce(offer, ''), created_at desc, id desc;

  insert into analytics_daily as d (account_id, live, step, day, reason_key, offer, last_of_session)
  select account_id, live, step, (last_at at time zone 'UTC')::date, coalesce(reason_key, ''), offer, count(*)
  from analytics_session_last
  where account_id = p_account
  group by 1, 2, 3, 4, 5, 6
  on conflict (account_id, live, step, day, reason_key, offer, slot)
    do update set last_of_session = d.last_of_session + excluded.last_of_session;

  insert into analytics_daily_saves (account_id, live, day, mechanism, currency, mrr, saves)
  select account_id, live, (created_at at time zone 'UTC')::date, mechanism, coalesce(lower(currency), ''),
    sum(mrr_after), count(*)
  from saves
  where account_id = p_account
  group by 1, 2, 3, 4, 5;

  insert into analytics_save_followups
    (save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency, mrr,
      tracked, lost_at, lost_within)
  select save_id, account_id, live, session_id, subscription_id, saved_at, mechanism, reason_key, currency,
    mrr, tracked, lost_at, lost_within
  from analytics_save_state
  where account_id = p_account;

  insert into analytics_daily_durability
    (account_id, live, day, mechanism, reason_key, currency, tracked, lost, lost_within, saves, mrr)
  select account_id, live, (saved_at at time zone 'UTC')::date, mechanism, reason_key, currency, tracked,
    lost_at is not null, lost_within, count(*), sum(mrr)
  from analytics_save_followups
  where account_id = p_account
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
end
$$;
