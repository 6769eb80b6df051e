/**
 * Logs a stray error and shows its toast. The error handler and the toasts load then, not with the
 * page: the sign-in pages carry only what they need (issue 33 #10). The toaster shows what was queued
 * whenever it mounts.
 */
function report(
  thrown: unknown,
  where: string,
  words: { title: string; description: string },
): Promise<void> {
  return Promise.all([import('./error-handler'), import('./toast-store')]).then(([errors, toasts]) => {
    errors.handleError(thrown, { where })
    toasts.toast({ ...words, variant: 'destructive' })
  })
}

/** The words of the destructive toast for each kind of stray error. */
export const GLOBAL_ERROR_TOASTS = {
  unhandledRejection: {
    title: 'Unexpected Error',
    description: 'An unexpected error occurred. Please try again.',
  },
  scriptError: {
    title: 'Script Error',
    description: 'A script error occurred. Please refresh the page.',
  },
} as const

/**
 * Catches what nothing else caught: promise rejections nobody awaited and script errors outside React's
 * error boundary. Each is logged (sanitized) and shown as a destructive toast. Returns an uninstaller.
 */
export function installGlobalHandlers(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    void report(event.reason, 'unhandledrejection', GLOBAL_ERROR_TOASTS.unhandledRejection)
  }
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script tags) reach window only in the capture phase; this listener
    // is on the bubble phase, so what arrives here is a script error.
    void report(event.error ?? event.message, 'window.onerror', GLOBAL_ERROR_TOASTS.scriptError)
  }
  target.addEventListener('unhandledrejection', onRejection)
  target.addEventListener('error', onError)
  return () => {
    target.removeEventListener('unhandledrejection', onRejection)
    target.removeEventListener('error', onError)
  }
}
