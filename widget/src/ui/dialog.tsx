import type { ComponentChildren } from 'preact'

// Everything focusable the dialog draws (the headline's tabindex=-1 is not in the Tab order).
const FOCUSABLE = 'button,input,select,textarea'

/**
 * The modal's keyboard: Escape closes; Tab and Shift+Tab cycle inside the dialog. (The owner keeps focus
 * inside it, so these always reach the dialog.)
 */
function trapKeys(event: KeyboardEvent, close: () => void): void {
  if (event.key === 'Escape') {
    event.stopPropagation()
    close()
  }
  if (event.key !== 'Tab') return
  const box = event.currentTarget as HTMLElement
  const items = box.querySelectorAll<HTMLElement>(FOCUSABLE)
  const first = items[0]
  const last = items[items.length - 1]
  const active = (box.getRootNode() as ShadowRoot).activeElement
  if (active === (event.shiftKey ? first : last) || !box.contains(active)) {
    event.preventDefault()
    ;(event.shiftKey ? last : first)?.focus()
  }
}

/** A press on the backdrop would move focus to the page behind the modal: keep it inside. */
const keepFocus = (event: MouseEvent) => event.target === event.currentTarget && event.preventDefault()

export interface DialogProps {
  /** A modal over the page (subscribers); otherwise drawn in place and never taking focus (the preview). */
  overlay?: boolean
  busy?: boolean
  /** Above the headline, announced politely ("Step 1 of 4"). */
  progress: string
  /** The × button's name; no × without one. */
  closeLabel?: string | null
  onClose: () => void
  children: ComponentChildren
}

/**
 * The frame every widget dialog shares: the backdrop, the dialog (role="dialog", labelled by the
 * `#rk-title` headline its children draw, modal as an overlay) and its header with the progress and ×.
 */
export function Dialog({ overlay, busy, progress, closeLabel, onClose, children }: DialogProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is no control; it only keeps focus in.
    <div className={overlay ? 'o' : 'i'} onMouseDown={keepFocus}>
      <div
        className="d"
        role="dialog"
        aria-modal={overlay ? 'true' : undefined}
        aria-labelledby="rk-title"
        aria-busy={busy ? 'true' : undefined}
        onKeyDown={overlay ? (event) => trapKeys(event, onClose) : undefined}
      >
        <div className="h">
          <span className="t" aria-live="polite">
            {progress}
          </span>
          {closeLabel ? (
            <button type="button" className="x" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  )
}
