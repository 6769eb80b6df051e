-- A session keeps the flow it showed (issue 38): every cancel session now stores its flow (flow_config,
-- until now written only for a segment's or an arm's) and the account's config version it came from, so
-- accept applies the terms the subscriber read even when the merchant saves a new version meanwhile.
-- Null for sessions started before this migration (accept falls back to the published config for them).
alter table cancel_sessions add column config_version integer;
