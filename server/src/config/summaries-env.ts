import { ConfigurationError, type Env, httpUrl, present } from './env-values'

/**
 * The optional monthly write-in summaries (README "Write-in summaries"): off unless
 * WRITE_IN_SUMMARY_URL names an OpenAI-compatible API (its base, e.g. http://127.0.0.1:11434/v1 for a
 * local model server), the only place write-in texts are ever sent. The model is then required; the key
 * is optional (local servers take none); a request that takes longer than the timeout is given up and
 * tried again later, so a slow model never holds anything else up.
 */
export interface WriteInSummaryConfig {
  baseUrl: string
  model: string
  apiKey: string | null
  timeoutMs: number
}

export const DEFAULT_SUMMARY_TIMEOUT_SECONDS = 60

export function parseWriteInSummaries(env: Env): WriteInSummaryConfig | null {
  const baseUrl = httpUrl(env, 'WRITE_IN_SUMMARY_URL')
  const model = present(env, 'WRITE_IN_SUMMARY_MODEL')
  const apiKey = present(env, 'WRITE_IN_SUMMARY_API_KEY') ?? null
  const timeoutText = present(env, 'WRITE_IN_SUMMARY_TIMEOUT')
  if (baseUrl === undefined) {
    const stray = [
      ['WRITE_IN_SUMMARY_MODEL', model],
      ['WRITE_IN_SUMMARY_API_KEY', apiKey ?? undefined],
      ['WRITE_IN_SUMMARY_TIMEOUT', timeoutText],
    ].find(([, value]) => value !== undefined)
    if (stray)
      throw new ConfigurationError(
        stray[0] as string,
        'needs WRITE_IN_SUMMARY_URL (summaries are off without it)',
      )
    return null
  }
  if (model === undefined)
    throw new ConfigurationError('WRITE_IN_SUMMARY_MODEL', 'is required when WRITE_IN_SUMMARY_URL is set')
  if (!/^[\x21-\x7e]{1,200}$/.test(model))
    throw new ConfigurationError(
      'WRITE_IN_SUMMARY_MODEL',
      'must be 1 to 200 printable characters without spaces',
    )
  const seconds = timeoutText ?? String(DEFAULT_SUMMARY_TIMEOUT_SECONDS)
  if (!/^\d{1,3}$/.test(seconds) || Number(seconds) < 1 || Number(seconds) > 600)
    throw new ConfigurationError('WRITE_IN_SUMMARY_TIMEOUT', 'must be a number of seconds from 1 to 600')
  return { baseUrl, model, apiKey, timeoutMs: Number(seconds) * 1000 }
}
