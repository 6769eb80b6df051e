import { describe, expect, it } from 'vitest'
import { loadConfig } from './env'
import { parseWriteInSummaries } from './summaries-env'

describe('write-in summaries settings', () => {
  it('are off by default, and in a default configuration', () => {
    expect(parseWriteInSummaries({})).toBeNull()
    expect(loadConfig({ NODE_ENV: 'test' }).writeInSummaries).toBeNull()
  })

  it('take the base URL (trailing slash dropped), the model, an optional key and a timeout in seconds', () => {
    expect(
      parseWriteInSummaries({
        WRITE_IN_SUMMARY_URL: 'http://127.0.0.1:11434/v1/',
        WRITE_IN_SUMMARY_MODEL: 'llama3.1:8b',
      }),
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b', apiKey: null, timeoutMs: 60_000 })
    expect(
      parseWriteInSummaries({
        WRITE_IN_SUMMARY_URL: 'https://llm.internal.example/v1',
        WRITE_IN_SUMMARY_MODEL: 'm',
        WRITE_IN_SUMMARY_API_KEY: 'sk-x',
        WRITE_IN_SUMMARY_TIMEOUT: '20',
      }),
    ).toMatchObject({ apiKey: 'sk-x', timeoutMs: 20_000 })
  })

  it('name the variable that is wrong or stray', () => {
    expect(() => parseWriteInSummaries({ WRITE_IN_SUMMARY_URL: 'ftp://x' })).toThrow('WRITE_IN_SUMMARY_URL')
    expect(() => parseWriteInSummaries({ WRITE_IN_SUMMARY_URL: 'http://x/v1' })).toThrow(
      'WRITE_IN_SUMMARY_MODEL is required when WRITE_IN_SUMMARY_URL is set',
    )
    expect(() => parseWriteInSummaries({ WRITE_IN_SUMMARY_MODEL: 'm' })).toThrow(
      'WRITE_IN_SUMMARY_MODEL needs WRITE_IN_SUMMARY_URL',
    )
    expect(() =>
      parseWriteInSummaries({
        WRITE_IN_SUMMARY_URL: 'http://x/v1',
        WRITE_IN_SUMMARY_MODEL: 'm',
        WRITE_IN_SUMMARY_TIMEOUT: '0',
      }),
    ).toThrow('WRITE_IN_SUMMARY_TIMEOUT')
  })
})
