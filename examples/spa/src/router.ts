import { useEffect, useState } from 'react'

/** Client-side routing in a dozen lines: history.pushState and popstate, under the /spa/ base. */
export const BASE = '/spa'

export function navigate(to: string): void {
  if (to === window.location.pathname) return
  window.history.pushState(null, '', `${to}${window.location.search}`)
  window.dispatchEvent(new PopStateEvent('popstate'))
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname)
  useEffect(() => {
    const update = () => setPath(window.location.pathname)
    window.addEventListener('popstate', update)
    return () => window.removeEventListener('popstate', update)
  }, [])
  return path
}
