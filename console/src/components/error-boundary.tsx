import { ERROR_BOUNDARY_MAX_RETRIES } from '@retainkit/shared/constants'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { browserLocation } from '../lib/browser-location'
import { handleError } from '../lib/error-handler'
import { retryFailedPageLoads } from '../lib/retryable-lazy'

/** 'ERR-' + time + random, short enough to read out to support, unique enough to find in the logs. */
export function createErrorId(now: number = Date.now(), random: number = Math.random()): string {
  const time = now.toString(36).toUpperCase()
  const suffix = Math.floor(random * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0')
  return `ERR-${time}-${suffix}`
}

interface ErrorBoundaryProps {
  children: ReactNode
  /** When this changes (e.g. the route), a caught error is forgotten and the children render again. */
  resetKey?: string
}

interface ErrorBoundaryState {
  errorId: string | null
  retries: number
  /** The page's code could not be fetched (a deploy, a dropped connection): said as such. */
  chunkFailed: boolean
}

/** What browsers throw when a lazily loaded module cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk/i.test(
    message,
  )
}

/**
 * 'Something went wrong', 'Try Again' up to ERROR_BOUNDARY_MAX_RETRIES (3) times,
 * then 'Reload Page'; the error ID is shown and logged so a report can be matched to the log line.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { errorId: null, retries: 0, chunkFailed: false }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { errorId: createErrorId(), chunkFailed: isChunkLoadError(error) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    handleError(error, {
      where: 'error-boundary',
      context: { errorId: this.state.errorId, componentStack: info.componentStack ?? '' },
    })
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.errorId !== null) {
      retryFailedPageLoads()
      this.setState({ errorId: null, retries: 0 })
    }
  }

  private readonly retry = () => {
    retryFailedPageLoads()
    this.setState((state) => ({ errorId: null, retries: state.retries + 1 }))
  }

  private readonly reload = () => {
    browserLocation.reload()
  }

  override render(): ReactNode {
    const { errorId, retries } = this.state
    if (errorId === null) return this.props.children
    const canRetry = retries < ERROR_BOUNDARY_MAX_RETRIES
    return (
      <div className="rk-error-screen" role="alert">
        <h1>Something went wrong</h1>
        <p>
          {this.state.chunkFailed && canRetry
            ? 'This page could not be loaded: the connection may have dropped. You can try again.'
            : canRetry
              ? 'This part of the page stopped working. You can try again.'
              : 'Trying again did not help. Reloading the page usually does.'}
        </p>
        <p className="rk-error-screen__id">
          Error ID: <code>{errorId}</code>
        </p>
        {canRetry ? (
          <button type="button" className="rk-button rk-button--primary" onClick={this.retry}>
            Try Again
          </button>
        ) : (
          <button type="button" className="rk-button rk-button--primary" onClick={this.reload}>
            Reload Page
          </button>
        )}
      </div>
    )
  }
}
