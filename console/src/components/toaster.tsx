import { useEffect } from 'react'
import { dismissToast, type Toast, useToasts } from '../lib/toast-store'

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    if (!toast.open || toast.durationMs <= 0) return
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast.id, toast.open, toast.durationMs])

  return (
    <li className={`rk-toast rk-toast--${toast.variant}`}>
      {/* Errors interrupt (role alert); confirmations wait their turn (role status). On the text, not the
          list item: an item given another role would leave the list with a child that is not an item. */}
      <div
        className="rk-toast__text"
        role={toast.variant === 'destructive' ? 'alert' : 'status'}
        aria-atomic="true"
      >
        <p className="rk-toast__title">{toast.title}</p>
        {toast.description ? <p className="rk-toast__description">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="rk-toast__close"
        aria-label={`Dismiss notification: ${toast.title}`}
        onClick={() => dismissToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  )
}

/**
 * Renders the open toasts (at most one) in a labelled region. The list is always in the DOM so
 * assistive technology already watches it when a toast arrives.
 */
export function Toaster() {
  const toasts = useToasts().filter((toast) => toast.open)
  return (
    <section className="rk-toaster" aria-label="Notifications">
      <ol className="rk-toaster__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  )
}
