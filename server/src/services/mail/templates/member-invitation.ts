import { ROLES } from '@retainkit/shared/roles'
import { z } from 'zod'
import { fill } from './layout'
import { defineMailTemplate, requireAccount } from './types'

/** An invitation to an account's team (services/members.ts): sign in with the invited address. */
export const MEMBER_INVITATION_MAIL = defineMailTemplate({
  params: z.object({ email: z.string().min(3), role: z.enum(ROLES), days: z.number().int().positive() }),
  sender: 'retainkit',
  giveUpAfterMs: 2 * 86_400_000,
  render({ email, role, days }, context) {
    const account = requireAccount(context).name
    const w = context.words.member_invitation
    return {
      subject: fill(w.subject, { account }),
      heading: fill(w.heading, { account }),
      paragraphs: [fill(w.body, { account, role: w.roles[role] }), fill(w.sign_in_with, { email })],
      action: { label: w.button, url: `${context.publicUrl}/login/` },
      notes: [fill(w.expiry, { days })],
    }
  },
})
