import type { BuiltInLocale } from '@retainkit/shared/i18n'
import type { MailWords } from '@retainkit/shared/mail-words'
import type { z } from 'zod'
import type { AppDeps } from '../../../deps'
import type { MailContent } from './layout'

/** What a template knows besides its parameters. */
export interface RenderContext {
  /** The one language of this mail (the recipient's, else the account's default, else English). */
  locale: BuiltInLocale
  words: MailWords
  /** The account the mail is about; null for Retainkit's own mail about none (a sign-in link). */
  account: { id: string; name: string } | null
  /** PUBLIC_URL, for links into the product. */
  publicUrl: string
}

/**
 * One kind of mail. Its parameters are validated when the mail is queued and again when the worker
 * reads them back (a row written by an older version must still render or fail plainly); they are
 * stored encrypted, so a link that grants something may be one of them.
 */
export interface MailTemplate<P> {
  params: z.ZodType<P>
  /**
   * Whose name the mail carries: Retainkit's own (sign-in, team, plan; Retainkit's colours) or the
   * merchant's, to their subscriber (their name as the sender name and their widget colours).
   */
  sender: 'retainkit' | 'merchant'
  /** How long after it was queued the mail is still worth sending; then it is given up. */
  giveUpAfterMs: number
  render(params: P, context: RenderContext): MailContent
  /** Optional: what to record once the mail was sent or given up (a receipt's delivery, as evidence). */
  afterOutcome?: AfterOutcome
}

export type AfterOutcome = (
  deps: AppDeps,
  mail: { accountId: string | null; dedupeKey: string; to: string; outcome: 'sent' | 'failed' },
) => Promise<void>

/** Type-checks a template against its parameters' schema (and keeps its exact type for the registry). */
export const defineMailTemplate = <P>(template: MailTemplate<P>): MailTemplate<P> => template

/** Any template, for the registry's exhaustiveness check. */
export interface AnyMailTemplate {
  params: z.ZodType
  sender: 'retainkit' | 'merchant'
  giveUpAfterMs: number
  render(params: never, context: RenderContext): MailContent
  afterOutcome?: AfterOutcome
}

/** The account a template needs, or a plain error (the row fails instead of rendering without it). */
export function requireAccount(context: RenderContext): { id: string; name: string } {
  if (!context.account) throw new Error('this kind of mail is about an account, and the row names none')
  return context.account
}
