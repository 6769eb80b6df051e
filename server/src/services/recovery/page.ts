import type { Theme } from '@retainkit/shared/config-types'
import {
  fillRecoveryText,
  monthsText,
  type RecoveryLocale,
  type RecoveryWords,
} from '@retainkit/shared/recovery'
import { themeToCssVariables } from '@retainkit/shared/theme'
import { escapeHtml } from '../mail/templates/layout'

/**
 * The card-update page a subscriber reaches from a payment-recovery mail or the on-site prompt: plain
 * server-rendered HTML in the merchant's colours and the subscriber's language, one column that fits a
 * 390 px phone, real buttons in real forms (a mail scanner following the link opens nothing: the
 * portal is opened by the POST a click sends), visible focus, a heading per page.
 */

export interface PageLook {
  locale: RecoveryLocale
  words: RecoveryWords
  merchant: string
  theme?: Theme
  /** Where "Back to the merchant" goes; none when the merchant's site is not known. */
  returnUrl: string | null
}

function style(theme: Theme | undefined): string {
  const v = themeToCssVariables(theme)
  return `*{box-sizing:border-box}body{margin:0;background:${v['--rk-bg']};color:${v['--rk-text']};font-family:${v['--rk-font']};font-size:16px;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
.m{color:${v['--rk-muted']};font-size:.875rem;margin:0 0 .5rem}p{margin:0 0 1rem}form{margin:0 0 1rem}
button{font:inherit;font-weight:600;width:100%;min-height:44px;padding:.75rem 1rem;border-radius:${v['--rk-radius']};border:2px solid ${v['--rk-primary']};background:${v['--rk-primary']};color:${v['--rk-primary-text']};cursor:pointer}
button.s{background:transparent;color:${v['--rk-text']};border-color:${v['--rk-border']}}
button:focus-visible,a:focus-visible{outline:3px solid ${v['--rk-focus']};outline-offset:2px}
a{color:${v['--rk-text']}}[role=alert]{border-inline-start:4px solid ${v['--rk-primary']};padding-inline-start:.75rem}`
}

function document(look: PageLook, title: string, body: string): string {
  const back = look.returnUrl
    ? `<p><a href="${escapeHtml(look.returnUrl)}">${escapeHtml(fillRecoveryText(look.words['page.back'], { merchant: look.merchant }))}</a></p>`
    : ''
  return `<!doctype html>
<html lang="${look.locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} – ${look.merchant}`)}</title>
<style>${style(look.theme)}</style>
</head>
<body><main>
<p class="m">${escapeHtml(look.merchant)}</p>
${body}
${back}
</main></body>
</html>`
}

export interface UpdatePageFacts {
  amount: string
  plan: string
  /** Offer the last-chance pause (months), or not. */
  pauseMonths: number | null
  /** Where the forms post (the page's own path). */
  action: string
}

export function updatePage(look: PageLook, facts: UpdatePageFacts): string {
  const values = {
    merchant: look.merchant,
    amount: facts.amount,
    plan: facts.plan,
    months: monthsText(facts.pauseMonths ?? 0, look.locale),
  }
  const w = (key: keyof RecoveryWords) => escapeHtml(fillRecoveryText(look.words[key], values))
  const form = (action: string, label: string, secondary = false) =>
    `<form method="post" action="${escapeHtml(facts.action)}"><input type="hidden" name="action" value="${action}"><button type="submit"${secondary ? ' class="s"' : ''}>${label}</button></form>`
  return document(
    look,
    look.words['page.title'],
    `<h1>${w('page.title')}</h1>
<p>${w('page.body')}</p>
${form('update', w('page.button'))}
${facts.pauseMonths ? form('pause', w('page.pause_button'), true) : ''}`,
  )
}

/** A page with a message and no action: paid already, paused, expired, not valid. */
export function messagePage(
  look: PageLook,
  key: keyof RecoveryWords,
  values: Record<string, string | number> = {},
): string {
  const text = escapeHtml(fillRecoveryText(look.words[key], { merchant: look.merchant, ...values }))
  return document(
    look,
    look.words['page.title'],
    `<h1>${escapeHtml(look.words['page.title'])}</h1>\n<p role="${key === 'page.paid' || key === 'page.paused' ? 'status' : 'alert'}">${text}</p>`,
  )
}
