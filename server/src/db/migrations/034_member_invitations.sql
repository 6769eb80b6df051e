-- Team invitations (Settings → Team): an owner or admin invites an address with a role; the person joins
-- when they sign in with that address (POST /api/session?action=bootstrap accepts what is waiting for
-- them). One invitation per address and account: inviting again refreshes its role and expiry.
create table member_invitations (
  account_id text not null references accounts (id) on delete cascade,
  -- Lower-cased: addresses compare case-insensitively.
  email text not null,
  role text not null check (role in ('owner', 'admin', 'editor', 'viewer')),
  invited_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (account_id, email)
);
create index member_invitations_email_idx on member_invitations (email);
