import { describe, expect, it } from 'vitest'
import { loadConfig } from './config/env'
import { signInMailLine, startupBanner } from './startup-banner'

describe('startup banner', () => {
  it('says sign-in links go to the loopback-only dev outbox by default', () => {
    const config = loadConfig({ PORT: '9000' }, '/srv')
    expect(signInMailLine(config)).toBe(
      'Sign-in links are not mailed: they are printed in this log and kept in the dev outbox, readable from this machine only at http://localhost:9000/auth/v1/dev/outbox',
    )
    expect(startupBanner(config, 'pglite')).toContain(
      'Retainkit is running at http://localhost:9000 (database: pglite)',
    )
  })

  it('names the SMTP host without its password, or the Supabase project', () => {
    const smtp = loadConfig({ SMTP_URL: 'smtps://mailer:hunter2@mail.example:465' }, '/srv')
    expect(signInMailLine(smtp)).toBe('Sign-in mail is sent through SMTP (mail.example:465).')
    expect(startupBanner(smtp, 'postgres')).not.toContain('hunter2')
    const supabase = loadConfig(
      { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'a'.repeat(30) },
      '/srv',
    )
    expect(signInMailLine(supabase)).toBe(
      'Sign-in mail is sent by the Supabase project at https://abc.supabase.co.',
    )
  })
})
