import type { ComponentChildren } from 'preact'

/**
 * Opens the native <dialog> as a modal on every draw (a no-op when it is open already:
 * the owner redraws on every change, and a dialog the browser closed on its own is opened again).
 */
const openModal = (dialog: HTMLDialogElement | null) => {
  if (dialog && !dialog.open) dialog.showModal()
}

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
 * The frame every widget dialog shares: the dialog (labelled by the `#rk-title` headline its children
 * draw) and its header with the progress and ×.
 *
 * As an overlay it is the browser's own modal <dialog>: the rest of the page becomes inert (to the
 * pointer, to Tab and to screen readers, which a hand-made focus trap cannot do), it is drawn in the top
 * layer above whatever z-index the page uses, and Escape (or a phone's back gesture) asks to close it
 * through `cancel`, which closes the flow the same way as ×. The keydown of Escape stops here, so the
 * page's own Escape handlers do not also close whatever it has open under the dialog. In the preview it
 * is an ordinary element in place, with role="dialog" (the preview's mount carries the inline
 * layout's class, `i`).
 */
export function Dialog({ overlay, busy, progress, closeLabel, onClose, children }: DialogProps) {
  // (One tag or the other: the same props and children either way.)
  const Frame = (overlay ? 'dialog' : 'div') as 'dialog'
  return (
    <Frame
      className="d"
      ref={overlay ? (dialog) => openModal(dialog) : undefined}
      role={overlay ? undefined : 'dialog'}
      aria-labelledby="rk-title"
      aria-busy={busy || undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
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
    </Frame>
  )
}
