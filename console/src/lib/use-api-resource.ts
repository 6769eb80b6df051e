import { useCallback, useEffect, useRef, useState } from 'react'
import type { ApiError, ApiResult } from './api-client'

export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: T }

export interface Resource<T> {
  state: ResourceState<T>
  /** Loads again (after a retry click or a change elsewhere), showing the loading state meanwhile. */
  reload: () => Promise<void>
  /**
   * Loads again while the current data stays on screen (after a save on a page with other unsaved
   * input, which a loading state would unmount); a failed refresh keeps the data and returns the error.
   */
  refresh: () => Promise<ApiError | null>
  /** Replaces the data with what a save answered, without another request. */
  setData: (data: T) => void
}

/**
 * Loads one API result for a component, again whenever `key` changes; answers of a superseded load (deps changed, unmounted) are
 * dropped so a slow response never overwrites a newer one.
 */
export function useApiResource<T>(load: () => Promise<ApiResult<T>>, key: string): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' })
  const generation = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const reload = useCallback(async () => {
    generation.current += 1
    const mine = generation.current
    setState({ status: 'loading' })
    const result = await loadRef.current()
    if (mine !== generation.current) return
    setState(result.error ? { status: 'error', error: result.error } : { status: 'ready', data: result.data })
  }, [])

  // A new key (e.g. another account) loads again; the loader itself may change every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger.
  useEffect(() => {
    void reload()
    return () => {
      generation.current += 1
    }
  }, [key, reload])

  const refresh = useCallback(async () => {
    generation.current += 1
    const mine = generation.current
    const result = await loadRef.current()
    if (mine !== generation.current) return null
    if (result.error) return result.error
    setState({ status: 'ready', data: result.data })
    return null
  }, [])

  const setData = useCallback((data: T) => {
    generation.current += 1
    setState({ status: 'ready', data })
  }, [])

  return { state, reload, refresh, setData }
}
