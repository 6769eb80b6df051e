import { z } from 'zod'
import { ONE_TIME_TOKEN_TTL_MS } from '../../../auth/one-time-token'
import { fill } from './layout'
import { defineMailTemplate } from './types'

/** Confirms a new address for an account (PUT /auth/v1/user, auth/email-change.ts), sent to that address. */
export const EMAIL_CHANGE_MAIL = defineMailTemplate({
  params: z.object({ link: z.url(), email: z.string().min(3) }),
  sender: 'retainkit',
  giveUpAfterMs: ONE_TIME_TOKEN_TTL_MS,
  render({ link, email }, { words }) {
    const w = words.email_change
    return {
      subject: w.subject,
      heading: w.heading,
      paragraphs: [fill(w.intro, { email })],
      action: { label: w.button, url: link },
      notes: [fill(w.expiry, { minutes: ONE_TIME_TOKEN_TTL_MS / 60_000 }), w.ignore],
    }
  },
})
