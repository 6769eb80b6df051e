/**
 * How one environment variable is read and refused, shared by env.ts and the sections it delegates to
 * (billing-env.ts, summaries-env.ts); a leaf, so those never import env.ts back.
 */
export class ConfigurationError extends Error {
  readonly code = 'CONFIGURATION_ERROR'
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`CONFIGURATION_ERROR: ${variable} ${problem}`)
    this.name = 'ConfigurationError'
  }
}

export type Env = Record<string, string | undefined>

export const present = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim()
  return value ? value : undefined
}

export function httpUrl(env: Env, name: string): string | undefined {
  const value = present(env, name)
  if (value === undefined) return undefined
  if (!/^https?:\/\//i.test(value)) throw new ConfigurationError(name, 'must start with http:// or https://')
  try {
    new URL(value)
  } catch {
    throw new ConfigurationError(name, 'is not a valid URL')
  }
  return value.replace(/\/+$/, '')
}
