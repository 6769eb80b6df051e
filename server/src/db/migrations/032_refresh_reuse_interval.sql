-- Refresh-token reuse interval (as GoTrue's REFRESH_TOKEN_REUSE_INTERVAL): a refresh whose answer was
-- lost (a dropped connection, two tabs racing) is retried with the token just used. Within a few
-- seconds of its use that is not theft: the retry gets the same successor token back instead of the
-- whole session being revoked. The successor is kept encrypted (the server's secret box) on the used
-- token only until the next rotation in its session.
alter table auth_refresh_tokens add column successor_ciphertext text;
