import { useEffect, useMemo } from 'react'
import { useRouteError } from 'react-router-dom'
import { browserLocation } from '../lib/browser-location'
import { handleError } from '../lib/error-handler'
import { createErrorId } from './error-boundary'

/**
 * Last line of defence for errors the router itself catches (outside the page error boundary, e.g. in
 * the root layout): the same words as the error boundary, with only 'Reload Page' left to offer.
 */
export function RouteErrorScreen() {
  const error = useRouteError()
  const errorId = useMemo(() => createErrorId(), [])
  useEffect(() => {
    handleError(error, { where: 'router', context: { errorId } })
  }, [error, errorId])
  return (
    <main className="rk-error-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>The console could not show this page. Reloading usually helps.</p>
      <p className="rk-error-screen__id">
        Error ID: <code>{errorId}</code>
      </p>
      <button type="button" className="rk-button rk-button--primary" onClick={() => browserLocation.reload()}>
        Reload Page
      </button>
    </main>
  )
}
