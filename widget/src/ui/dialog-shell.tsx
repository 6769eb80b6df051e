import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useRef } from 'react'

export type Presentation = 'overlay' | 'inline'

interface DialogShellProps {
  /** 'overlay': a modal over the page (subscribers). 'inline': drawn in place (the console's preview). */
  presentation: Presentation
  labelledBy: string
  busy: boolean
  onEscape: () => void
  /** Where focus goes back when the modal closes: the cancel button the subscriber activated. */
  returnFocus?: Element | null
  children: ComponentChildren
}

const FOCUSABLE = 'button,[href],input,select,textarea,[tabindex]:not([tabindex="-1"])'

/**
 * The dialog frame: role="dialog" labelled by the headline. As an overlay it is modal: Tab and
 * Shift+Tab cycle inside it, Escape closes, clicks on the backdrop cannot move focus out, and focus
 * returns to the trigger on close. Inline (the preview) it never takes focus, so the merchant can keep
 * typing in the editor beside it.
 */
export function DialogShell({
  presentation,
  labelledBy,
  busy,
  onEscape,
  returnFocus,
  children,
}: DialogShellProps) {
  const dialog = useRef<HTMLDivElement>(null)
  const backdrop = useRef<HTMLDivElement>(null)
  const overlay = presentation === 'overlay'

  useLayoutEffect(() => {
    // A press on the backdrop would move focus to the page behind the modal: keep it inside.
    const keep = (event: MouseEvent) => event.target === backdrop.current && event.preventDefault()
    backdrop.current?.addEventListener('mousedown', keep)
    return () => {
      if (overlay && returnFocus?.isConnected) (returnFocus as HTMLElement).focus?.()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    const box = dialog.current
    if (!overlay || !box) return
    if (event.key === 'Escape') {
      event.stopPropagation()
      onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE))
    const active = (box.getRootNode() as ShadowRoot).activeElement
    const edge = event.shiftKey ? items[0] : items[items.length - 1]
    if (active === edge || !box.contains(active)) {
      event.preventDefault()
      ;(event.shiftKey ? items[items.length - 1] : items[0])?.focus()
    }
  }

  return (
    <div ref={backdrop} className={overlay ? 'o' : 'i'}>
      <div
        ref={dialog}
        className="d"
        role="dialog"
        aria-modal={overlay ? 'true' : undefined}
        aria-labelledby={labelledBy}
        aria-busy={busy ? 'true' : undefined}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  )
}
