import { retryableLazy } from '../lib/retryable-lazy'

/**
 * The routes that load on demand, each behind one import function so startup can preload
 * the same chunk React.lazy will render.
 */
export const pageLoaders = {
  editor: () => import('../pages/editor/editor-page'),
  history: () => import('../pages/history/history-page'),
  dashboard: () => import('../pages/dashboard/dashboard-page'),
  preview: () => import('../pages/preview/preview-page'),
  settings: () => import('../pages/settings/settings-page'),
  sessions: () => import('../pages/sessions/sessions-page'),
  session: () => import('../pages/sessions/session-page'),
  stripeCallback: () => import('../pages/stripe-callback/stripe-callback-page'),
  notFound: () => import('../pages/not-found/not-found-page'),
} as const

export type LazyPageName = keyof typeof pageLoaders

/** The signed-in chrome (navigation, account switcher): loaded with the first signed-in page. */
export const loadAppShell = () =>
  import('../components/app-shell').then((module) => ({ default: module.AppShell }))
export const AppShell = retryableLazy(loadAppShell)
export const EditorPage = retryableLazy(pageLoaders.editor)
export const HistoryPage = retryableLazy(pageLoaders.history)
export const DashboardPage = retryableLazy(pageLoaders.dashboard)
export const PreviewPage = retryableLazy(pageLoaders.preview)
export const SettingsPage = retryableLazy(pageLoaders.settings)
export const SessionsPage = retryableLazy(pageLoaders.sessions)
export const SessionPage = retryableLazy(pageLoaders.session)
export const StripeCallbackPage = retryableLazy(pageLoaders.stripeCallback)
export const NotFoundPage = retryableLazy(pageLoaders.notFound)

/** On startup the editor, dashboard and preview are preloaded. */
export const STARTUP_PRELOADS = ['editor', 'dashboard', 'preview'] as const satisfies readonly LazyPageName[]
