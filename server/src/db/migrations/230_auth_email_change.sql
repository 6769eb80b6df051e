-- A pending e-mail change (PUT /auth/v1/user, supabase-js updateUser({ email })): the one-time token
-- mailed to the new address (type 'email_change', its `email` the new address) names the user it moves.
alter table auth_one_time_tokens add column user_id uuid references users (id) on delete cascade;
create index auth_one_time_tokens_user_idx on auth_one_time_tokens (user_id, created_at) where user_id is not null;
