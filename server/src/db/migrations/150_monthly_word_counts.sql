-- Write-in words per UTC month. Real write-ins have a long tail: with thousands of distinct words an
-- account's daily word rows (migration 110) number hundreds of thousands a year, and the dashboard's
-- write-in words summed them all again for every range (33 ms of a 1M-event dashboard on PostgreSQL with
-- a 5,000-word vocabulary, most of the page). The server's hourly compaction pass adds each day that is
-- over into its month's rows here, one row per word; a range then reads the months it covers from this
-- table and only its other days from the daily rows (server/src/services/analytics/word-months.ts).
--
-- The daily rows stay: a range that cuts a month still reads them. `analytics_monthly_words_done` says
-- how far each month is folded: its rows hold the days from the month's first up to `through`
-- (exclusive), and the days from `through` on have no row here. A day is folded once it has been over
-- for an hour (events are stamped by the server's clock: no write in flight can still land in it).
-- Rebuilding an account's rollups (migration 112) drops its folded months, to be folded again from the
-- rebuilt days.
create table analytics_monthly_words (
  account_id text not null references accounts (id) on delete cascade,
  live boolean not null,
  -- The month's first day.
  month date not null,
  word text not null,
  occurrences integer not null,
  primary key (account_id, live, month, word)
);

create table analytics_monthly_words_done (
  account_id text not null references accounts (id) on delete cascade,
  month date not null,
  through date not null,
  primary key (account_id, month)
);

-- Adds the account's days before `p_before` that are not folded yet to their months; returns how many
-- months it added to. Every day before the latest `through` is folded (each pass folds all the days up to
-- its `p_before`, in every month at once), so only the days from there on are read. Two instances folding
-- one account wait for each other.
create function retainkit_fold_word_months(p_account text, p_before date) returns integer
language plpgsql as $$
declare
  n integer;
  after date;
begin
  perform pg_advisory_xact_lock(hashtext('retainkit_fold_word_months'), hashtext(p_account));
  select max(through) into after from analytics_monthly_words_done where account_id = p_account;
  with days as materialized (
    select live, date_trunc('month', day)::date as month, word, occurrences
    from analytics_daily_words
    where account_id = p_account and day >= coalesce(after, '-infinity'::date) and day < p_before
  ), words as (
    insert into analytics_monthly_words as w (account_id, live, month, word, occurrences)
    select p_account, live, month, word, sum(occurrences) from days
    group by live, month, word
    having sum(occurrences) <> 0
    on conflict (account_id, live, month, word) do update set occurrences = w.occurrences + excluded.occurrences
  ), done as (
    insert into analytics_monthly_words_done as f (account_id, month, through)
    select p_account, month, least((month + interval '1 month')::date, p_before) from days group by month
    on conflict (account_id, month) do update set through = excluded.through
    returning 1
  )
  select count(*) into n from done;
  return n;
end $$;

-- The rebuild of migration 112, then its folded months dropped (the next pass folds them again).
alter function retainkit_rebuild_rollups(text) rename to retainkit_rebuild_daily_rollups;
create function retainkit_rebuild_rollups(p_account text) returns void language plpgsql as $$
begin
  perform retainkit_rebuild_daily_rollups(p_account);
  delete from analytics_monthly_words where account_id = p_account;
  delete from analytics_monthly_words_done where account_id = p_account;
end $$;
