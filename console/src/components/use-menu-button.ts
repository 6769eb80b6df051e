import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])
}

/** Where each key moves the focus among `count` items from `index` (undefined: not a moving key). */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
}

/**
 * A menu button's behaviour (WAI-ARIA menu pattern), for a button and a menu whose items carry
 * `data-menu-item`: Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; arrows,
 * Home and End move; Escape closes and returns focus to the button; Tab or a press outside closes.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const all = menuItems(menuRef.current)
    ;(focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus
    setOpen(true)
  }

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first')
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menuRef.current)
    const move = MOVES[event.key]
    if (move) {
      event.preventDefault()
      const next = move(all.indexOf(document.activeElement as HTMLElement), all.length)
      all[(next + all.length) % all.length]?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') close(false)
  }

  return {
    open,
    close,
    button: {
      ref: buttonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => (open ? close(false) : openMenu('first')),
      onKeyDown: onButtonKeyDown,
    },
    menu: { ref: menuRef, id: menuId, hidden: !open, onKeyDown: onMenuKeyDown },
  }
}
