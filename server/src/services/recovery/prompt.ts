import { formatMoney, money } from '@retainkit/shared/money'
import {
  fillRecoveryText,
  monthsText,
  planCampaign,
  recoveryLocale,
  recoveryWords,
} from '@retainkit/shared/recovery'
import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import type { AppDeps } from '../../deps'
import { widgetChunkFile } from '../widget/chunks'
import type { Subscriber } from '../widget/subscriber-token'
import { cardUpdateUrl } from './links'
import { recoveryAccess } from './settings'
import { factsOf, openCampaignOfCustomer } from './store'

/**
 * The on-site prompt for a past-due subscriber (the widget's reactivation call, recognised from the
 * signed token): when the module runs for the account, the prompt is not switched off, and the token's
 * customer has an open campaign in the token's mode. Worded here, in the subscriber's language, with a
 * signed card-update link whose channel is the prompt (`banner`); the widget loads the chunk that draws
 * it, named by the widget build's sizes.json.
 */

const LINK_HOURS = 48
export async function paymentPromptFor(
  deps: AppDeps,
  subscriber: Subscriber,
  accountLocale: string | null,
): Promise<PaymentPrompt | null> {
  const now = deps.clock.now()
  const access = await recoveryAccess(deps.db, subscriber.accountId, now)
  if (!access.active || access.settings.prompt === 'off') return null
  const campaign = await openCampaignOfCustomer(
    deps.db,
    subscriber.accountId,
    subscriber.customerId,
    subscriber.mode,
  )
  if (!campaign) return null
  const file = widgetChunkFile(deps.staticRoots.widget, 'payment-prompt')
  if (!file) return null
  const { settings } = access
  const locale = recoveryLocale(subscriber.locale ?? campaign.locale ?? accountLocale)
  const words = recoveryWords(locale, settings.texts)
  const account = await deps.db
    .selectFrom('accounts')
    .select('name')
    .where('id', '=', subscriber.accountId)
    .executeTakeFirst()
  const endsAt = planCampaign(factsOf(campaign, settings), settings).endsAt
  const amount = formatMoney(money(Number(campaign.amount), campaign.currency), locale)
  const values = {
    merchant: account?.name ?? '',
    amount,
    plan: campaign.plan_name ?? account?.name ?? '',
    months: monthsText(settings.last_chance_pause.months, locale),
    date: endsAt
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: campaign.time_zone ?? 'UTC' }).format(
          endsAt,
        )
      : '',
  }
  const text = (key: keyof typeof words) => fillRecoveryText(words[key], values)
  const wall = settings.prompt === 'wall'
  const link = cardUpdateUrl(
    deps,
    {
      accountId: campaign.account_id,
      customerId: campaign.customer_id,
      mode: campaign.mode,
      invoiceId: campaign.invoice_id,
      channel: 'banner',
      locale,
    },
    new Date(now.getTime() + LINK_HOURS * 3_600_000),
  )
  const pause = settings.last_chance_pause.enabled
  return {
    chunk: `${deps.config.publicUrl}/w/${file}`,
    mode: wall ? 'wall' : 'banner',
    link,
    pauseLink: pause ? link : null,
    locale,
    dir: 'ltr',
    amount,
    words: {
      headline: text(wall ? 'prompt.wall_headline' : 'prompt.headline'),
      body: text(endsAt && wall ? 'prompt.wall_body' : 'prompt.body'),
      button: text('prompt.button'),
      dismiss: text('prompt.dismiss'),
      pause: pause ? text('prompt.pause') : null,
    },
  }
}
