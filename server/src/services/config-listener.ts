import type { WidgetConfigCache } from './config-cache'
import { CONFIG_CHANNEL } from './config-changes'
import type { Logger } from './logger'
import { type ChannelListener, listenOnChannel } from './pg-listener'

/**
 * Several instances on one PostgreSQL: each LISTENs on CONFIG_CHANNEL with a connection of its own and
 * drops its cached widget config of an account as soon as any instance announces a change to it
 * (services/config-changes.ts). Notifications sent while the connection was broken are lost, so after
 * a reconnect the whole cache is dropped.
 */
export type ConfigListener = ChannelListener

export function listenForConfigChanges(options: {
  databaseUrl: string
  cache: WidgetConfigCache
  logger: Logger
}): ConfigListener {
  const { cache } = options
  return listenOnChannel({
    databaseUrl: options.databaseUrl,
    channel: CONFIG_CHANNEL,
    name: 'config change listener',
    logger: options.logger,
    onNotification: (accountId) => {
      if (accountId) cache.invalidate(accountId)
    },
    // Changes announced while we were not listening were missed: start from the database again.
    onReconnect: () => cache.clear(),
  })
}
