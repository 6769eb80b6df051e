import { devOutboxEnabled } from './auth/routes/meta'
import type { ServerConfig } from './config/env'

/** Where sign-in mail goes: an operator must never have to guess whether links reach real inboxes. */
export function signInMailLine(config: ServerConfig): string {
  if (config.supabase) return `Sign-in mail is sent by the Supabase project at ${config.supabase.url}.`
  if (config.smtpUrl) {
    // The host only: the URL may carry the SMTP password.
    const host = new URL(config.smtpUrl).host
    return `Sign-in mail is sent through SMTP (${host}).`
  }
  if (devOutboxEnabled(config)) {
    return `Sign-in links are not mailed: they are printed in this log and kept in the dev outbox, readable from this machine only at ${config.publicUrl}/auth/v1/dev/outbox`
  }
  return 'Sign-in mail has nowhere to go: set SMTP_URL.'
}

/** What `npm start` prints once listening. */
export function startupBanner(config: ServerConfig, database: string): string {
  return [
    '',
    `  Retainkit is running at ${config.publicUrl} (database: ${database})`,
    `  ${signInMailLine(config)}`,
    '',
    '',
  ].join('\n')
}
