-- The instances serving this database (services/instance-registry.ts): each writes its row at start,
-- refreshes seen_at while it runs and deletes it on shutdown. An instance starting with another
-- PUBLIC_URL than the live ones refuses to start (their sign-ins would be refused by each other), and an
-- operator can read which release every instance runs during a rolling deploy.
create table instances (
  id text primary key,
  public_url text not null,
  version text not null,
  commit text not null,
  started_at timestamptz not null,
  seen_at timestamptz not null
);
