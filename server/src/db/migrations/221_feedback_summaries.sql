-- The optional monthly write-in summaries, asked of the operator's OpenAI-compatible endpoint: one row
-- per account and UTC month once a summary was asked for. A row is claimed ('running', with a lease in
-- next_attempt) by one instance at a time; a failed one is tried again at next_attempt, and given up
-- (next_attempt null) after a few attempts. quote_ids are the write-ins the summary was given.
create table feedback_summaries (
  account_id text not null references accounts (id) on delete cascade,
  month date not null,
  status text not null check (status in ('running', 'ready', 'failed')),
  summary text,
  quote_ids bigint[] not null default '{}',
  writeins integer not null default 0,
  model text not null,
  attempts integer not null default 0,
  next_attempt timestamptz,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (account_id, month)
);
