-- Segments: audiences matched at session start, in order (first match wins), each with its own flow.
create table segments (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  position integer not null,
  name text not null,
  enabled boolean not null default true,
  rule jsonb not null,
  config_json jsonb not null,
  -- The segment's own reasons; null means the account's.
  reasons jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index segments_account_idx on segments (account_id, position);

-- Experiments: arms of one segment's flow (segment_id null: of the default flow). One running per audience.
create table experiments (
  id text primary key,
  account_id text not null references accounts (id) on delete cascade,
  segment_id text references segments (id) on delete set null,
  -- Whether it tests the default flow; kept apart from segment_id so deleting a segment cannot make an
  -- experiment silently move onto the default flow.
  on_default boolean not null,
  name text not null,
  status text not null default 'running' check (status in ('running', 'stopped')),
  allocation text not null default 'fixed' check (allocation in ('fixed', 'thompson')),
  holdout_percent integer not null default 0 check (holdout_percent between 0 and 50),
  promoted_arm_id text,
  started_at timestamptz not null,
  stopped_at timestamptz
);
create unique index experiments_one_running_idx on experiments (account_id, coalesce(segment_id, ''))
  where status = 'running';

create table experiment_arms (
  id text primary key,
  experiment_id text not null references experiments (id) on delete cascade,
  position integer not null,
  name text not null,
  weight integer not null check (weight between 0 and 100),
  -- The holdout sees the flow with no offers; it has no config of its own.
  holdout boolean not null default false,
  config_json jsonb
);
create index experiment_arms_experiment_idx on experiment_arms (experiment_id, position);

-- One arm per customer per experiment, decided once: the primary key makes parallel starts agree.
create table experiment_assignments (
  experiment_id text not null references experiments (id) on delete cascade,
  customer_id text not null,
  arm_id text not null references experiment_arms (id) on delete cascade,
  assigned_at timestamptz not null,
  primary key (experiment_id, customer_id)
);

-- What each session was shown: its segment, experiment and arm, the facts it was matched on (for the
-- editor's "last month's sessions") and the flow it ran when that was not the default.
alter table cancel_sessions add column segment_id text;
alter table cancel_sessions add column experiment_id text;
alter table cancel_sessions add column arm_id text;
alter table cancel_sessions add column subscriber_facts jsonb;
alter table cancel_sessions add column flow_config jsonb;
create index cancel_sessions_arm_idx on cancel_sessions (experiment_id, arm_id) where experiment_id is not null;
