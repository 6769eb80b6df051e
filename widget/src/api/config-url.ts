import type { WidgetContext } from '../host/types'

/** Where the account's published config is read: the loader prefetches it, the API client reads it. */
export const configUrl = ({ apiBase, accountId, mode }: WidgetContext) =>
  `${apiBase}/api/widget/config/${encodeURIComponent(accountId)}${mode === 'test' ? '?mode=test' : ''}`
