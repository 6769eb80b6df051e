-- One durable outbox for every mail to a person (sign-in links, invitations, usage notices, and the
-- mails of payment recovery, cancellation receipts and trial notices). A row is written inside the
-- transaction of the event that causes it, so a mail exists exactly when its cause was committed; the
-- mail worker of every instance claims due rows with FOR UPDATE SKIP LOCKED and a lease, renders them
-- (server/src/services/mail/templates/) and sends them through SMTP or the dev outbox, retrying with
-- backoff until the kind's deadline. See server/src/services/mail/README.md.
create table mail_outbox (
  id bigserial primary key,
  -- The account the mail is about (its name, colours and default language); null for Retainkit's own
  -- mail about no account (a sign-in link).
  account_id text references accounts (id) on delete cascade,
  -- Unique per account: the same cause (a Stripe event id, a notice row) enqueues one mail, however
  -- often or concurrently it is processed.
  dedupe_key text not null,
  kind text not null,
  to_address text not null,
  -- The recipient's language wish (BCP 47); the template falls back to the account's default, then English.
  locale text,
  -- The template's parameters, encrypted with the server's secret box (a sign-in or card-update link
  -- grants something); emptied once the mail is sent.
  payload text,
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  -- Retries stop here (the kind's deadline: 15 minutes for a sign-in link, days for the others).
  give_up_at timestamptz not null,
  -- A worker's claim; past it, a 'sending' row is due again (the worker died or hung).
  locked_until timestamptz,
  -- Sanitized: no address, token or secret.
  last_error text,
  -- What was sent (no body: bodies carry links), for the operator's listing.
  subject text,
  sent_at timestamptz,
  provider_message_id text,
  created_at timestamptz not null default now()
);
create unique index mail_outbox_dedupe_account_idx on mail_outbox (account_id, dedupe_key)
  where account_id is not null;
create unique index mail_outbox_dedupe_global_idx on mail_outbox (dedupe_key) where account_id is null;
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status in ('pending', 'sending');
create index mail_outbox_created_idx on mail_outbox (created_at);
