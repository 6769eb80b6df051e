-- Issue 34: the evidence ledger. Every cancel session appends what was shown (screens, texts and
-- offer terms as rendered, the language), which jurisdiction rule applied and why, each click with
-- its time, the cancellation and the receipt's delivery. Per account the rows form a hash chain:
-- each row's hash is SHA-256 over its canonical content and the previous row's hash
-- (services/evidence/chain.ts), so an edited or removed row breaks the chain the export verifies.
create table evidence_ledger (
  account_id text not null references accounts (id) on delete cascade,
  seq bigint not null check (seq > 0),
  session_id text,
  customer_id text,
  mode text not null check (mode in ('live', 'test')),
  kind text not null check (length(kind) <= 40),
  recorded_at timestamptz not null,
  body jsonb not null,
  prev_hash text not null check (length(prev_hash) = 64),
  hash text not null check (length(hash) = 64),
  primary key (account_id, seq)
);
create index evidence_ledger_session_idx on evidence_ledger (account_id, session_id, seq) where session_id is not null;
create index evidence_ledger_customer_idx on evidence_ledger (account_id, customer_id, seq) where customer_id is not null;
create index evidence_ledger_time_idx on evidence_ledger (account_id, recorded_at);

-- The head of each account's chain (the row appends lock, so one account's appends queue), and how far
-- retention has pruned it: the hash of the last row removed, which the first kept row chains from.
create table evidence_heads (
  account_id text primary key references accounts (id) on delete cascade,
  seq bigint not null default 0,
  hash text not null,
  pruned_through bigint not null default 0,
  pruned_hash text not null,
  pruned_at timestamptz
);

-- Append-only: a row is never changed, and removed only by the retention pass, which says so for its
-- own transaction (set local retainkit.evidence_retention = 'on') and only for rows past the retention
-- period. A deleted account takes its evidence with it (the cascade runs as the table's owner check
-- below allows: no row of a deleted account is left to protect).
create function retainkit_evidence_append_only() returns trigger language plpgsql as $$begin if tg_op = 'DELETE' and (current_setting('retainkit.evidence_retention', true) = 'on' or not exists (select 1 from accounts where id = old.account_id)) then return old; end if; raise exception 'evidence_ledger is append-only (%)', tg_op using errcode = '42501'; end$$;
create trigger evidence_ledger_append_only before update or delete on evidence_ledger
  for each row execute function retainkit_evidence_append_only();
