import { ROUTES } from '@retainkit/shared/routes'
import { Navigate, useLocation } from 'react-router-dom'
import { pathOf } from '../lib/return-to'

export interface NotFoundState {
  /** The path that was asked for (remembering the attempted path). */
  from: string
}

/** Any unknown path redirects (replace) to the not-found route, remembering the attempted path. */
export function RedirectToNotFound() {
  const location = useLocation()
  const state: NotFoundState = { from: pathOf(location) }
  return <Navigate to={ROUTES.notFound} replace state={state} />
}
