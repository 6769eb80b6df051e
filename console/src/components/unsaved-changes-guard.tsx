import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router-dom'
import './unsaved-changes-guard.css'

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?'

/**
 * Keeps unsaved edits from being lost: in-app navigation (links, back/forward) is held by react-router's
 * blocker with a confirmation dialog, and closing or reloading the tab triggers the browser's own
 * beforeunload prompt. One per page (the router holds one blocker at a time): the editor, Settings →
 * Segments and Settings → Experiments each pass whether anything they show is unsaved.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set; the text itself is never shown.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])

  // Saving or discarding while a navigation is held lets it through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed()
  }, [blocker, when])

  if (blocker.state !== 'blocked') return null
  return <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
}

function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const stay = useRef<HTMLButtonElement>(null)
  const opener = useRef<Element | null>(null)
  useEffect(() => {
    opener.current = document.activeElement
    stay.current?.focus()
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [])
  return (
    <div className="rk-dialog-backdrop">
      <div
        className="rk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onStay()
          // Two buttons: Tab and Shift+Tab move between them and never leave the dialog.
          if (event.key === 'Tab') {
            const buttons = Array.from(event.currentTarget.querySelectorAll('button'))
            const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
            const next = buttons[(index + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length]
            event.preventDefault()
            next?.focus()
          }
        }}
      >
        <h2 id="unsaved-title">Unsaved changes</h2>
        <p id="unsaved-text">{UNSAVED_CHANGES_MESSAGE}</p>
        <div className="rk-dialog__actions">
          <button ref={stay} type="button" className="rk-button rk-button--primary" onClick={onStay}>
            Stay on this page
          </button>
          <button type="button" className="rk-button rk-button--danger" onClick={onLeave}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  )
}
