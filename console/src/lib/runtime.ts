import type { AuthClient } from './auth-client'
import type { RuntimeConfig } from './runtime-config'

/**
 * The two things everything else needs once startup has passed the environment check: the checked
 * runtime config and the auth client. Set once by startup (or by a test), read anywhere.
 */
interface Runtime {
  config: RuntimeConfig
  auth: AuthClient
}

let current: Runtime | null = null

export function setRuntime(runtime: Runtime): void {
  current = runtime
}

/** For tests: forget the runtime so the next test starts clean. */
export function resetRuntime(): void {
  current = null
}

function runtime(): Runtime {
  if (!current) throw new Error('The console runtime is not initialised: startup has not finished')
  return current
}

export function getRuntimeConfig(): RuntimeConfig {
  return runtime().config
}

export function getAuthClient(): AuthClient {
  return runtime().auth
}

export function hasRuntime(): boolean {
  return current !== null
}
