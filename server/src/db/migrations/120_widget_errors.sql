-- The widget calls the server refused for an account (an origin it does not allow, a token of the wrong
-- mode for the page, an expired or forged token, a session past the Starter cap), so the Install page
-- can say what went wrong and how to fix it. One row per (account, kind, detail) with a count and when
-- it was first and last seen; the server keeps only the newest few per account.
create table widget_errors (
  account_id text not null references accounts (id) on delete cascade,
  kind text not null check (kind in ('refused_origin', 'wrong_mode', 'expired_token', 'forged_token', 'over_cap')),
  -- The page's origin for origin and mode errors, '' otherwise (part of the key, so never null).
  detail text not null default '' check (length(detail) <= 300),
  count bigint not null default 1,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (account_id, kind, detail)
);
create index widget_errors_recent_idx on widget_errors (account_id, last_seen_at desc);
