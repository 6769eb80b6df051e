import { useCallback, useEffect, useState } from 'react'

/** Where a page's load stands; `message` is already in the person's words. */
export type PageLoad<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T }

export type PageLoaded<T> = Exclude<PageLoad<T>, { status: 'loading' }>

/**
 * Loads what a page needs for the account it works on, again when the account changes; `retry` loads
 * again after a failure. `load` decides what counts as a failure, and must be stable (a module-level
 * function): a new one would load again.
 */
export function useAccountLoad<T>(
  accountId: string | null,
  load: (accountId: string) => Promise<PageLoaded<T>>,
): { state: PageLoad<T>; retry: () => void } {
  const [state, setState] = useState<PageLoad<T>>({ status: 'loading' })

  const fetchFor = useCallback(
    async (id: string) => {
      setState({ status: 'loading' })
      setState(await load(id))
    },
    [load],
  )

  useEffect(() => {
    if (accountId) void fetchFor(accountId)
  }, [accountId, fetchFor])

  const retry = () => {
    if (accountId) void fetchFor(accountId)
  }
  return { state, retry }
}
