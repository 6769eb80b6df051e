import { ROUTES } from '@retainkit/shared/routes'
import { Link, useLocation } from 'react-router-dom'
import { AuthLayout } from '../../components/auth/auth-layout'

function attemptedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  const from: unknown = (state as { from?: unknown }).from
  return typeof from === 'string' && from !== '' ? from : null
}

/** The not-found route: names the path that was asked for when the redirect remembered it. */
export default function NotFoundPage() {
  const location = useLocation()
  const from = attemptedPath(location.state)
  return (
    <AuthLayout title="Page not found">
      {from ? (
        <p>
          There is no page at <code className="rk-code-inline">{from}</code>.
        </p>
      ) : (
        <p>The page you were looking for does not exist.</p>
      )}
      <ul className="rk-link-list">
        <li>
          <Link to={ROUTES.dashboard}>Go to the dashboard</Link>
        </li>
        <li>
          <a href={ROUTES.home}>Go to the home page</a>
        </li>
      </ul>
    </AuthLayout>
  )
}
