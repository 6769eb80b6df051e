import type { Theme } from '@retainkit/shared/config-types'
import { fillCopy } from '@retainkit/shared/flow'
import { type BuiltInLocale, directionOf } from '@retainkit/shared/i18n'
import type { MailWords } from '@retainkit/shared/mail-words'
import { themeToCssVariables } from '@retainkit/shared/theme'

/**
 * What a template says, as plain text (placeholders already filled): the layout below makes both
 * parts of the mail from it, so the HTML and the plain-text alternative always say the same thing.
 * Everything here is escaped when it becomes HTML; a template never writes markup.
 */
export interface MailContent {
  subject: string
  heading: string
  /** Before the action. */
  paragraphs: string[]
  /** The one button; its URL is also written out in full (plain text, and under the button). */
  action?: { label: string; url: string }
  /** A second, lesser choice under the button (a last-chance pause): a plain link, and its URL in the text. */
  secondary?: { text: string; label: string; url: string }
  /** After the action: expiry, "ignore this if…". */
  notes?: string[]
}

export interface MailLook {
  locale: BuiltInLocale
  /** The merchant's colours (their widget theme); absent: Retainkit's default theme. */
  theme?: Theme
  footer: string
  words: MailWords
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** `{name}` placeholders of a catalogue string filled with plain values (escaped later, with the rest). */
export const fill = (text: string, values: Readonly<Record<string, string | number>>): string =>
  fillCopy(text, values)

/** Only web links become buttons: anything else in an action is a bug, never sent. */
function safeUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error('mail links must be http(s)')
  return parsed.href
}

export function renderText(content: MailContent, look: MailLook): string {
  const blocks = [content.heading, ...content.paragraphs]
  if (content.action) blocks.push(safeUrl(content.action.url))
  if (content.secondary)
    blocks.push(`${content.secondary.text}\n${content.secondary.label}: ${safeUrl(content.secondary.url)}`)
  blocks.push(...(content.notes ?? []), `-- \n${look.footer}`)
  return `${blocks.join('\n\n')}\n`
}

const paragraph = (text: string, style: string) => `<p style="${style}">${escapeHtml(text)}</p>`

export function renderHtml(content: MailContent, look: MailLook): string {
  const vars = themeToCssVariables(look.theme)
  const font = vars['--rk-font'].replace(/"/g, "'")
  const base = `margin:0 0 16px;font-family:${font};font-size:16px;line-height:1.5;color:${vars['--rk-text']}`
  const muted = `margin:0 0 12px;font-family:${font};font-size:14px;line-height:1.5;color:${vars['--rk-muted']}`
  const parts = [
    `<h1 style="margin:0 0 16px;font-family:${font};font-size:22px;line-height:1.3;color:${vars['--rk-text']}">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((text) => paragraph(text, base)),
  ]
  if (content.action) {
    const url = escapeHtml(safeUrl(content.action.url))
    parts.push(
      `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:${vars['--rk-radius']};background:${vars['--rk-primary']};color:${vars['--rk-primary-text']};font-family:${font};font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="${muted}">${escapeHtml(look.words.common.link_hint)}<br><a href="${url}" style="color:${vars['--rk-text']};word-break:break-all">${url}</a></p>`,
    )
  }
  if (content.secondary) {
    const { text, label, url } = content.secondary
    parts.push(
      `<p style="${base}">${escapeHtml(text)}<br><a href="${escapeHtml(safeUrl(url))}" style="color:${vars['--rk-text']};font-weight:600">${escapeHtml(label)}</a></p>`,
    )
  }
  parts.push(...(content.notes ?? []).map((text) => paragraph(text, muted)))
  return [
    '<!doctype html>',
    `<html lang="${look.locale}" dir="${directionOf(look.locale)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${vars['--rk-bg']}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${vars['--rk-bg']}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;border-top:4px solid ${vars['--rk-primary']}"><tr><td style="padding:24px 8px">`,
    ...parts,
    `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid ${vars['--rk-border']};font-family:${font};font-size:12px;line-height:1.5;color:${vars['--rk-muted']}">${escapeHtml(look.footer)}</p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n')
}
