interface SpinnerProps {
  /** Read out and shown beside the spinner. */
  label?: string
  /** Fill the viewport's main area (route fallbacks) rather than sit inline. */
  block?: boolean
}

/** A status message with a spinning ring; the ring is decoration, the words carry the meaning. */
export function Spinner({ label = 'Loading...', block = false }: SpinnerProps) {
  return (
    <div className={block ? 'rk-spinner rk-spinner--block' : 'rk-spinner'} role="status" aria-live="polite">
      <span className="rk-spinner__ring" aria-hidden="true" />
      <span className="rk-spinner__label">{label}</span>
    </div>
  )
}
