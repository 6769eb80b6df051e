-- Background passes that run once per cluster, not once per instance (services/cluster-pass.ts): the
-- one that runs holds a PostgreSQL advisory lock for the pass, and this row says when a pass last
-- finished, so the other instances skip theirs until it is due again. Absent rows: never run yet.
create table cluster_passes (
  name text primary key,
  last_finished_at timestamptz not null,
  -- Which instance finished it (host and pid), for an operator reading the table.
  holder text not null
);
