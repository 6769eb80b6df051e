import { WIDGET_CONTRACT_OLDEST, WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { HttpError } from '../../../http/http-error'

/** The widget released before versioning states no version: it speaks version 1. */
export const UNSTATED_VERSION = 1

/**
 * The contract version a widget call speaks, from its `v` query parameter. Below the support window:
 * 410, which every widget treats as any failure (the merchant's own cancel page takes over). Above
 * this server's own: answered as this server's version — a newer widget meets an older server only
 * during a rolling deploy or after a rollback, and is built to read the previous version's answers
 * (tests/e2e/widget-versions.e2e.ts runs the current widget against the previous release's server).
 */
export function contractVersionOf(raw: string | undefined): number {
  if (raw === undefined) return UNSTATED_VERSION
  if (!/^[1-9]\d{0,3}$/.test(raw))
    throw new HttpError('INVALID_INPUT', 'v must be the widget contract version: a whole number from 1', 'v')
  const version = Number(raw)
  if (version < WIDGET_CONTRACT_OLDEST)
    throw new HttpError(
      'OPERATION_NOT_ALLOWED',
      `Widget contract version ${version} is no longer supported (this server answers versions ${WIDGET_CONTRACT_OLDEST} to ${WIDGET_CONTRACT_VERSION}): reload the page for the current widget.`,
      'v',
      undefined,
      410,
    )
  return Math.min(version, WIDGET_CONTRACT_VERSION)
}

/** The `v` parameter of a raw request target (`/api/widget/config/acct?v=2&mode=test`), undefined when absent. */
export function versionParameter(url: string): string | undefined {
  const at = url.indexOf('?')
  if (at === -1 || !url.includes('v=', at)) return undefined
  return new URLSearchParams(url.slice(at + 1)).get('v') ?? undefined
}
