-- Cancellation reasons are saved on top of a version (a stale save is refused, as configs are), and
-- every saved version is kept. cancellation_reasons keeps the current list and its version number.
alter table cancellation_reasons add column version integer not null default 1 check (version > 0);

create table cancellation_reason_versions (
  account_id text not null references accounts (id) on delete cascade,
  version integer not null check (version > 0),
  reasons jsonb not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (account_id, version)
);

insert into cancellation_reason_versions (account_id, version, reasons, created_at)
select account_id, version, reasons, updated_at from cancellation_reasons;
