import type { ApiError } from '../lib/api-client'
import { userMessageOf } from '../lib/error-handler'

/** A failed load: what went wrong, in the person's words, and a way to try again. */
export function LoadError({ error, onRetry, what }: { error: ApiError; onRetry: () => void; what: string }) {
  return (
    <div className="rk-notice rk-notice--error" role="alert">
      <p>
        {what} could not be loaded. {userMessageOf(error)}
      </p>
      <button type="button" className="rk-button rk-button--secondary rk-button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

/** A page that could not load at all: what failed, why, and a way to try again. */
export function PageLoadError({
  title,
  message,
  onRetry,
}: {
  title: string
  message: string
  onRetry: () => void
}) {
  return (
    <div className="rk-notice rk-notice--error" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <button type="button" className="rk-button rk-button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
