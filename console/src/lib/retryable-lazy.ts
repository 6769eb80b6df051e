import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react'

type Loader = () => Promise<{ default: ComponentType }>

/** One reset per lazily loaded page whose code failed to load; run by the error boundary's retry. */
const pendingResets = new Set<() => void>()

/**
 * React.lazy remembers a failed import for good, so "Try Again" after a dropped connection would fail
 * again without asking the network. This one keeps the failed lazy component until a retry is asked
 * for (swapping it straight away would make React suspend on a fresh import after every failure, an
 * endless "Loading..."), and then renders a fresh one that imports the chunk again.
 */
export function retryableLazy(load: Loader): ComponentType {
  let current: LazyExoticComponent<ComponentType>
  const fresh = () => {
    current = lazy(() =>
      load().catch((error: unknown) => {
        pendingResets.add(fresh)
        throw error
      }),
    )
  }
  fresh()
  // One stable component per page whose body renders whichever lazy component is current.
  const renderCurrent = () => createElement(current)
  return Object.assign(renderCurrent, { displayName: 'RetryablePage' })
}

/** The pages whose code failed to load will try to fetch it again on their next render. */
export function retryFailedPageLoads(): void {
  for (const reset of pendingResets) reset()
  pendingResets.clear()
}
