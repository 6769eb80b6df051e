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
/** The signed-out pages' start: the config is known, the auth client is made the first time it is needed. */
let publicRuntime: { config: RuntimeConfig; loadAuth: () => Promise<AuthClient> } | null = null
let loadingAuth: Promise<AuthClient> | null = null

export function setRuntime(runtime: Runtime): void {
  current = runtime
  publicRuntime = null
}

/**
 * /login/ and /signup/ for a visitor with no stored session (app/public-auth.tsx): the auth client
 * (supabase-js, about 23 KB gzip) loads when the form is sent, not with the page.
 */
export function setPublicRuntime(config: RuntimeConfig, loadAuth: () => Promise<AuthClient>): void {
  current = null
  loadingAuth = null
  publicRuntime = { config, loadAuth }
}

/** The auth client, made now if the page started without one (the signed-out pages). */
export function ensureAuthClient(): Promise<AuthClient> {
  if (current) return Promise.resolve(current.auth)
  if (!publicRuntime) return Promise.reject(new Error('The console runtime is not initialised'))
  const { config, loadAuth } = publicRuntime
  loadingAuth ??= loadAuth().then((auth) => {
    setRuntime({ config, auth })
    return auth
  })
  return loadingAuth
}

/** For tests: forget the runtime so the next test starts clean. */
export function resetRuntime(): void {
  current = null
  publicRuntime = null
  loadingAuth = null
}

function runtime(): Runtime {
  if (!current) throw new Error('The console runtime is not initialised: startup has not finished')
  return current
}

export function getRuntimeConfig(): RuntimeConfig {
  return publicRuntime?.config ?? runtime().config
}

export function getAuthClient(): AuthClient {
  return runtime().auth
}

export function hasRuntime(): boolean {
  return current !== null || publicRuntime !== null
}
