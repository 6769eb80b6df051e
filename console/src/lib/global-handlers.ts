import { handleError } from './error-handler'
import { toast } from './toast-store'

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
    handleError(event.reason, { where: 'unhandledrejection' })
    toast({ ...GLOBAL_ERROR_TOASTS.unhandledRejection, variant: 'destructive' })
  }
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script tags) reach window only in the capture phase; this listener
    // is on the bubble phase, so what arrives here is a script error.
    handleError(event.error ?? event.message, { where: 'window.onerror' })
    toast({ ...GLOBAL_ERROR_TOASTS.scriptError, variant: 'destructive' })
  }
  target.addEventListener('unhandledrejection', onRejection)
  target.addEventListener('error', onError)
  return () => {
    target.removeEventListener('unhandledrejection', onRejection)
    target.removeEventListener('error', onError)
  }
}
