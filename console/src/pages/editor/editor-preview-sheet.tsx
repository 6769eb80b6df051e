import { useEffect, useRef, useState } from 'react'
import { wrapTab } from '../../lib/focus-trap'
import { EditorPreviewBody, type EditorPreviewPanelProps } from './editor-preview-panel'

/**
 * The live preview on a phone, where beside the form there is no room and under it is tens of
 * thousands of pixels away: a "Preview" button (in the editor's sticky header, so always in reach) that
 * opens the same preview as a sheet. The sheet is the browser's modal <dialog>: the page behind is inert
 * and Tab wraps at its ends, so focus stays in it; Escape or Close shut it and give focus back to the
 * button. Its content is
 * drawn only while open (the widget is not loaded for a sheet nobody opened).
 */
export function EditorPreviewSheet(props: EditorPreviewPanelProps) {
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      close.current?.focus()
    }
    if (!open && element.open) element.close()
  }, [open])
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="rk-button rk-button--secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Preview
      </button>
      <dialog
        ref={dialog}
        className="rk-preview-sheet"
        aria-labelledby="editor-preview-sheet-title"
        onKeyDown={(event) => wrapTab(event, event.currentTarget)}
        onClose={() => {
          setOpen(false)
          opener.current?.focus()
        }}
      >
        {open ? (
          <div className="rk-preview-sheet__body">
            <header className="rk-preview-sheet__header">
              <h2 id="editor-preview-sheet-title">Live preview</h2>
              <button
                ref={close}
                type="button"
                className="rk-button rk-button--secondary rk-button--small"
                onClick={() => setOpen(false)}
              >
                Close preview
              </button>
            </header>
            <EditorPreviewBody {...props} />
          </div>
        ) : null}
      </dialog>
    </>
  )
}
