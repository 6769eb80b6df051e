import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'

interface NavDropdownProps {
  id: string
  label: ReactNode
  /** False in the prerendered HTML: CSS (:hover, :focus-within) then opens the panel without JS. */
  enhanced: boolean
  children: ReactNode
  className?: string
}

function panelLinks(item: HTMLElement | null): HTMLAnchorElement[] {
  return Array.from(item?.querySelectorAll<HTMLAnchorElement>('.nav-panel a[href]') ?? [])
}

/** The link an arrow, Home or End key moves to from the focused one (undefined for other keys). */
function linkAfterKey(links: HTMLAnchorElement[], key: string): HTMLAnchorElement | undefined {
  const index = links.indexOf(document.activeElement as HTMLAnchorElement)
  if (key === 'ArrowDown') return links[(index + 1) % links.length]
  if (key === 'ArrowUp') return links[(index - 1 + links.length) % links.length]
  if (key === 'Home') return links[0]
  if (key === 'End') return links[links.length - 1]
  return undefined
}

/**
 * The panel's open state (opened from the keyboard, focus goes to its first link) and, while it is
 * open: focus leaving the item or a press outside closes it; in the panel, arrows, Home and End move
 * between the links and Escape closes and gives focus back to the button.
 */
function useDisclosure() {
  const [open, setOpen] = useState(false)
  const itemRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const focusFirstOnOpen = useRef(false)

  useEffect(() => {
    if (open && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false
      panelLinks(itemRef.current)[0]?.focus()
    }
  }, [open])

  // Native listeners while open: Preact's onBlur does not bubble and React has no onFocusOut, so
  // focusout (and the panel's arrow keys, alongside it) are attached directly.
  useEffect(() => {
    const item = itemRef.current
    if (!item || !open) return
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (!(next instanceof Node) || !item.contains(next)) setOpen(false)
    }
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !item.contains(event.target)) setOpen(false)
    }
    const onPanelKeyDown = (event: KeyboardEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('.nav-panel')) return
      if (event.key === 'Escape') {
        event.preventDefault()
        setOpen(false)
        buttonRef.current?.focus()
        return
      }
      const target = linkAfterKey(panelLinks(item), event.key)
      if (target) {
        event.preventDefault()
        target.focus()
      }
    }
    item.addEventListener('focusout', onFocusOut)
    item.addEventListener('keydown', onPanelKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      item.removeEventListener('focusout', onFocusOut)
      item.removeEventListener('keydown', onPanelKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])
  return { open, setOpen, itemRef, buttonRef, focusFirstOnOpen }
}

/**
 * A disclosure menu (button + panel of links), the pattern the WAI-ARIA practices recommend for site
 * navigation. Enter/Space toggle, ArrowDown opens and moves into the links, arrows move between
 * links, Escape closes and returns focus to the button, Tab simply moves on and closes it.
 */
export function NavDropdown({ id, label, enhanced, children, className = '' }: NavDropdownProps) {
  const { open, setOpen, itemRef, buttonRef, focusFirstOnOpen } = useDisclosure()
  const openedByHover = useRef(false)
  const panelId = `${id}-panel`

  const onButtonClick = () => {
    // A pointer that opened the panel by hovering should not close it again with the click that follows.
    if (openedByHover.current) {
      openedByHover.current = false
      setOpen(true)
      return
    }
    setOpen((value) => !value)
  }

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      focusFirstOnOpen.current = true
      if (open) panelLinks(itemRef.current)[0]?.focus()
      else setOpen(true)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const hoverable = () => enhanced && window.matchMedia?.('(hover: hover)').matches

  return (
    <li
      ref={itemRef}
      className={`nav-item has-dropdown${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}
      onMouseEnter={() => {
        if (hoverable() && !open) {
          openedByHover.current = true
          setOpen(true)
        }
      }}
      onMouseLeave={() => {
        if (hoverable()) {
          openedByHover.current = false
          setOpen(false)
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <div className="nav-panel" id={panelId}>
        {children}
      </div>
    </li>
  )
}
