import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import type { WidgetContext } from '../host/types'

/**
 * Where the account's published config is read: the loader prefetches it, the API client reads it. The
 * contract version is part of the address, so no HTTP cache can answer one version's request with
 * another's config.
 */
export const configUrl = ({ apiBase, accountId, mode }: WidgetContext) =>
  `${apiBase}/api/widget/config/${encodeURIComponent(accountId)}?v=${WIDGET_CONTRACT_VERSION}${mode === 'test' ? '&mode=test' : ''}`
