import { handleError } from '../lib/error-handler'
import { loadAppShell, pageLoaders, STARTUP_PRELOADS } from './lazy-pages'

/**
 * The dashboard's small data module, found with a glob so the shell builds before it exists; it holds
 * no chart code (that loads only with the dashboard page itself).
 */
const dashboardDataModules = import.meta.glob<{ prefetchDashboard?: (accountId: string) => void }>(
  '../pages/dashboard/dashboard-data.ts',
)

export { afterFirstPaint } from './after-first-paint'

/**
 * Loads the editor, dashboard and preview chunks, and the signed-in chrome they render in;
 * failures are logged, never shown.
 */
export function preloadStartupChunks(): Promise<unknown[]> {
  return Promise.all([
    ...STARTUP_PRELOADS.map((name) =>
      pageLoaders[name]().catch((thrown: unknown) => handleError(thrown, { where: `preload.${name}` })),
    ),
    loadAppShell().catch((thrown: unknown) => handleError(thrown, { where: 'preload.appShell' })),
  ])
}

/**
 * With an account_id in the query, the dashboard's 3-month data sets are fetched ahead of the
 * page (dashboard-data.ts decides which and caches them).
 */
export async function prefetchDashboardFor(search: string): Promise<boolean> {
  const accountId = new URLSearchParams(search).get('account_id')
  if (!accountId) return false
  const load = Object.values(dashboardDataModules)[0]
  if (!load) return false
  try {
    const module = await load()
    if (typeof module.prefetchDashboard !== 'function') return false
    module.prefetchDashboard(accountId)
    return true
  } catch (thrown) {
    handleError(thrown, { where: 'prefetchDashboard' })
    return false
  }
}
