import { sql } from 'kysely'
import type { AppDeps } from '../deps'

/**
 * What the widget config endpoint serves for an account changed (its config, reasons, domain, or the
 * account came to exist). This process drops its cached copy; on PostgreSQL every other instance is
 * told through NOTIFY on CONFIG_CHANNEL (services/config-listener.ts), so a change reaches subscribers
 * of every instance within a second instead of after the cache's TTL. Call it after the change is
 * committed: a copy loaded before the commit must not outlive it.
 */
export const CONFIG_CHANNEL = 'retainkit_widget_config'

export async function configChanged(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'logger' | 'widgetConfigCache'>,
  accountId: string,
): Promise<void> {
  deps.widgetConfigCache.invalidate(accountId)
  if (deps.dbKind !== 'postgres') return
  try {
    await sql`select pg_notify(${CONFIG_CHANNEL}, ${accountId})`.execute(deps.db)
  } catch (error) {
    // The change is saved; other instances still pick it up when their cached copy expires.
    deps.logger.warn('could not notify other instances of a config change', {
      accountId,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
