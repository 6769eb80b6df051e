import { ROUTES } from '@retainkit/shared/routes'

/** Each console page's name in the browser tab, so several open tabs (and history) can be told apart. */
const PAGE_NAMES: ReadonlyArray<[route: string, name: string]> = [
  [ROUTES.dashboard, 'Dashboard'],
  [`${ROUTES.editor}history/`, 'Flow history'],
  [ROUTES.editor, 'Editor'],
  [ROUTES.preview, 'Preview'],
  [ROUTES.settings, 'Settings'],
  [ROUTES.sessions, 'Sessions'],
  [ROUTES.login, 'Sign in'],
  [ROUTES.signup, 'Create account'],
  [ROUTES.authCallback, 'Signing in'],
  [ROUTES.logout, 'Signing out'],
  [ROUTES.stripeCallback, 'Connecting Stripe'],
  [ROUTES.notFound, 'Page not found'],
]

/** The page's name for a path ('Dashboard'), or null for a path with none. */
export function pageName(pathname: string): string | null {
  const page = pathname.replace(/\/?$/, '/')
  return PAGE_NAMES.find(([route]) => page === route || page.startsWith(route))?.[1] ?? null
}
