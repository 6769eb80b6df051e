import { useSyncExternalStore } from 'react'

/** Phones (up to 40rem, 640 px at the default font size): charts and menus switch to layouts that fit. */
export const NARROW_SCREEN_QUERY = '(max-width: 40rem)'

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_SCREEN_QUERY)
    : null
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery()
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** True on a phone-width screen, updated when the window is resized or the phone turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  )
}
