/**
 * Public settings the server hands out at runtime, so one build serves every deployment.
 * The marketing site only needs where the API lives and the key its calls carry.
 */
export interface RuntimeConfig {
  apiBaseUrl: string
  apiKey: string
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json'

let cached: Promise<RuntimeConfig> | null = null

/** Thrown when the runtime configuration cannot be loaded; the forms show their generic failure text. */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError'
}

async function load(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new RuntimeConfigError(`runtime config: HTTP ${response.status}`)
  const body = (await response.json()) as Record<string, unknown>
  if (typeof body.apiKey !== 'string') throw new RuntimeConfigError('runtime config: apiKey missing')
  const apiBaseUrl = typeof body.apiBaseUrl === 'string' ? body.apiBaseUrl.replace(/\/+$/, '') : ''
  return { apiBaseUrl, apiKey: body.apiKey }
}

/** Loads the config once per page; a failed load is forgotten so the next submit tries again. */
export function getRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (!cached) {
    cached = load(fetchImpl).catch((error: unknown) => {
      cached = null
      throw error
    })
  }
  return cached
}

/** Tests start from an empty cache. */
export function resetRuntimeConfigCache(): void {
  cached = null
}
