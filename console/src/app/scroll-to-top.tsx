import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** The page scrolls to top on every route change. Renders nothing. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  // Before paint, so the new page never shows at the old scroll position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useLayoutEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
