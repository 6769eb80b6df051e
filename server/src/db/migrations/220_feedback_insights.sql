-- Write-in insights: each feedback_submitted event's sentiment and themes, scored by the server in the
-- background (server/src/services/feedback/insights.ts), and their daily counts for the dashboard.
--
-- The events call stays one statement (services/widget/event-ingest.ts): a row trigger whose WHEN clause
-- only feedback rows pass puts the event's id in a queue, and the scoring pass takes ids from it with
-- FOR UPDATE SKIP LOCKED, so every instance can score and no write-in is scored twice. Rows stored before
-- this migration are queued by a resumable backfill (`feedback_backfill`: the pass queues the next slice
-- of ids up to `upto` and records how far it got).

-- No event may slip between the backfill's upper bound below and the trigger that takes over from it.
lock table session_events in share mode;

-- A write-in is scored in the language its session's words were shown in (cancel_sessions.locale, the
-- widget's pick among the account's languages), and not scored when there is no model for it.

create table feedback_pending (
  event_id bigint primary key
);

create function retainkit_queue_feedback() returns trigger language plpgsql as $$
begin
  insert into feedback_pending (event_id) values (new.id) on conflict do nothing;
  return null;
end $$;

create trigger session_events_feedback_queue after insert on session_events
  for each row when (new.step = 'feedback_submitted') execute function retainkit_queue_feedback();

create table feedback_backfill (
  id smallint primary key default 1 check (id = 1),
  -- Ids up to here have been queued (or were not feedback).
  through bigint not null,
  -- The last event id when the trigger took over: rows after it were queued by the trigger.
  upto bigint not null
);
insert into feedback_backfill (through, upto) select 0, coalesce(max(id), 0) from session_events;

-- One row per scored write-in. `outcome` is the session's status as last seen (the pass settles it when
-- the session ends); `settled` once it can no longer change. '' stands for no reason, segment or arm.
create table feedback_insights (
  event_id bigint primary key references session_events (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  session_id text references cancel_sessions (id) on delete cascade,
  live boolean not null,
  created_at timestamptz not null,
  language text,
  sentiment text not null check (sentiment in ('positive', 'neutral', 'negative', 'not_scored')),
  score real,
  themes text[] not null default '{}',
  reason_key text not null default '',
  outcome text not null default 'open' check (outcome in ('open', 'saved', 'stayed', 'canceled', 'abandoned')),
  segment_id text not null default '',
  arm_id text not null default '',
  settled boolean not null default false
);
-- The quotes behind a figure: an account's write-ins by time, newest first.
create index feedback_insights_account_at_idx on feedback_insights (account_id, live, created_at desc, event_id desc);
-- The write-ins whose session may still end.
create index feedback_insights_unsettled_idx on feedback_insights (created_at) where not settled;

-- Write-ins per account, mode, UTC day and everything the dashboard splits them by.
create table analytics_daily_sentiment (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  reason_key text not null,
  outcome text not null,
  segment_id text not null,
  arm_id text not null,
  sentiment text not null,
  writeins integer not null default 0,
  primary key (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment)
);

-- Theme mentions per account, mode, UTC day, theme and sentiment.
create table analytics_daily_themes (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  day date not null,
  theme text not null,
  sentiment text not null,
  mentions integer not null default 0,
  primary key (account_id, live, day, theme, sentiment)
);

-- Every theme an account's write-ins fell into, with the name it was first seen under, and what the
-- merchant made of it: a name of their own, merged into another theme, pinned, mapped to a reason.
create table feedback_themes (
  account_id text not null references accounts (id) on delete cascade,
  key text not null,
  name text not null,
  custom_name text,
  merged_into text,
  pinned boolean not null default false,
  reason_key text,
  first_seen timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (account_id, key),
  check (merged_into is null or merged_into <> key)
);

-- An account's rollups rebuilt (migrations 112, 150): its write-ins not scored yet are queued again
-- (a bulk load holds the trigger back), and the daily counts are recomputed from the scored ones.
alter function retainkit_rebuild_rollups(text) rename to retainkit_rebuild_rollups_before_feedback;
create function retainkit_rebuild_rollups(p_account text) returns void language plpgsql as $$
begin
  perform retainkit_rebuild_rollups_before_feedback(p_account);
  insert into feedback_pending (event_id)
  select e.id from session_events as e
  where e.account_id = p_account and e.step = 'feedback_submitted'
    and not exists (select 1 from feedback_insights as f where f.event_id = e.id)
  on conflict do nothing;
  delete from analytics_daily_sentiment where account_id = p_account;
  delete from analytics_daily_themes where account_id = p_account;
  insert into analytics_daily_sentiment
    (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment, writeins)
  select account_id, live, (created_at at time zone 'UTC')::date, reason_key, outcome, segment_id, arm_id,
    sentiment, count(*)
  from feedback_insights where account_id = p_account
  group by 1, 2, 3, 4, 5, 6, 7, 8;
  insert into analytics_daily_themes (account_id, live, day, theme, sentiment, mentions)
  select account_id, live, (created_at at time zone 'UTC')::date, theme, sentiment, count(*)
  from feedback_insights, unnest(themes) as theme where account_id = p_account
  group by 1, 2, 3, 4, 5;
end $$;
