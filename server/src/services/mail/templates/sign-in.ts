import { z } from 'zod'
import { ONE_TIME_TOKEN_TTL_MS } from '../../../auth/one-time-token'
import { fill } from './layout'
import { defineMailTemplate } from './types'

/** The embedded auth server's magic link (POST /auth/v1/otp). Useless once the link expired. */
export const SIGN_IN_MAIL = defineMailTemplate({
  params: z.object({ link: z.url() }),
  sender: 'retainkit',
  giveUpAfterMs: ONE_TIME_TOKEN_TTL_MS,
  render({ link }, { words }) {
    const w = words.sign_in
    return {
      subject: w.subject,
      heading: w.heading,
      paragraphs: [w.intro],
      action: { label: w.button, url: link },
      notes: [fill(w.expiry, { minutes: ONE_TIME_TOKEN_TTL_MS / 60_000 }), w.ignore],
    }
  },
})
