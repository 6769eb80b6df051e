/**
 * How long a one-time link (sign-in, e-mail change) works: the auth routes issue it, and the mail that
 * carries it gives up sending and states its expiry by the same number.
 */
export const ONE_TIME_TOKEN_TTL_MS = 15 * 60_000
