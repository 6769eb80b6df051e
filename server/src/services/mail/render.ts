import { languagesOf } from '@retainkit/shared/i18n'
import { BUILT_IN_MAIL_WORDS, mailLocale } from '@retainkit/shared/mail-words'
import type { AppDeps } from '../../deps'
import { loadCurrentConfig } from '../flow-config'
import type { MailMessage } from '../mailer'
import { MAIL_TEMPLATES } from './templates'
import { fill, renderHtml, renderText } from './templates/layout'
import type { AnyMailTemplate } from './templates/types'

/**
 * Turns a queued mail into the message the transport sends: the template of its kind, in one language
 * (the recipient's, else the account's default, else English: `mailLocale`), with the account's name
 * and, for a merchant's mail, their widget colours and their support address as Reply-To — read when
 * the mail is sent.
 */

export interface QueuedMail {
  kind: string
  to: string
  accountId: string | null
  locale: string | null
  params: unknown
}

/** A row no version of this server can render: failed at once, never retried. */
export class UnrenderableMailError extends Error {
  override name = 'UnrenderableMailError'
}

async function accountLook(deps: AppDeps, accountId: string | null) {
  if (!accountId) return null
  const account = await deps.db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) throw new UnrenderableMailError('the account of this mail no longer exists')
  const { config } = await loadCurrentConfig(deps.db, accountId)
  return {
    account,
    theme: config.theme,
    defaultLocale: languagesOf(config).default,
    // Where a subscriber's reply to a merchant's mail should go: the support address of their flow.
    supportEmail: config.talk_to_us?.email ?? null,
  }
}

/** `templates` is the registry; tests pass their own to render kinds the product does not have yet. */
export async function renderMail(
  deps: AppDeps,
  mail: QueuedMail,
  templates: Readonly<Record<string, AnyMailTemplate>> = MAIL_TEMPLATES,
): Promise<Omit<MailMessage, 'outboxId'>> {
  const template = Object.hasOwn(templates, mail.kind) ? templates[mail.kind] : undefined
  if (!template) throw new UnrenderableMailError(`unknown mail kind ${mail.kind}`)
  const parsed = template.params.safeParse(mail.params)
  if (!parsed.success)
    throw new UnrenderableMailError(`the ${mail.kind} mail's parameters do not fit its template`)
  const look = await accountLook(deps, mail.accountId)
  const locale = mailLocale([mail.locale, look?.defaultLocale])
  const words = BUILT_IN_MAIL_WORDS[locale]
  const merchant = template.sender === 'merchant'
  if (merchant && !look) throw new UnrenderableMailError(`a ${mail.kind} mail needs its account`)
  const context = { locale, words, account: look?.account ?? null, publicUrl: deps.config.publicUrl }
  let content: ReturnType<typeof template.render>
  try {
    content = template.render(parsed.data as never, context)
  } catch (error) {
    throw new UnrenderableMailError(error instanceof Error ? error.message : String(error))
  }
  const footer =
    merchant && look
      ? fill(words.common.footer_subscription, { merchant: look.account.name })
      : words.common.footer_retainkit
  const style = { locale, words, footer, ...(merchant ? { theme: look?.theme } : {}) }
  return {
    from: { name: merchant && look ? look.account.name : 'Retainkit', address: deps.config.mailFrom },
    to: mail.to,
    subject: content.subject,
    text: renderText(content, style),
    html: renderHtml(content, style),
    ...(content.action ? { link: content.action.url } : {}),
    ...(merchant && look?.supportEmail ? { replyTo: look.supportEmail } : {}),
  }
}
