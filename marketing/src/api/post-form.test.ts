import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorMessageOf, isSuccessBody, postForm, TIMEOUT_MESSAGE, thrownErrorMessage } from './post-form'
import { getRuntimeConfig, RuntimeConfigError, resetRuntimeConfigCache } from './runtime-config'

const FALLBACK = 'Failed to send message. Please try again later.'

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => resetRuntimeConfigCache())
afterEach(() => vi.useRealTimers())

describe('response interpretation', () => {
  it('finds success at the top level or inside data', () => {
    expect(isSuccessBody({ success: true })).toBe(true)
    expect(isSuccessBody({ data: { success: true } })).toBe(true)
    expect(isSuccessBody({ success: 'true' })).toBe(false)
    expect(isSuccessBody({ data: { id: 1 } })).toBe(false)
    expect(isSuccessBody(null)).toBe(false)
  })

  it('reads an error string or error.message', () => {
    expect(errorMessageOf({ error: 'Bad email' })).toBe('Bad email')
    expect(errorMessageOf({ error: { message: 'Too many requests.' } })).toBe('Too many requests.')
    expect(errorMessageOf({ error: '' })).toBeNull()
    expect(errorMessageOf({ error: { code: 'X' } })).toBeNull()
    expect(errorMessageOf('oops')).toBeNull()
  })

  it('shows thrown errors by message, network and config failures by the fallback', () => {
    expect(thrownErrorMessage(new Error('Boom'), FALLBACK)).toBe('Boom')
    expect(thrownErrorMessage(new Error(''), FALLBACK)).toBe(FALLBACK)
    expect(thrownErrorMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK)
    expect(thrownErrorMessage(new RuntimeConfigError('runtime config: HTTP 502'), FALLBACK)).toBe(FALLBACK)
    expect(thrownErrorMessage('a string', FALLBACK)).toBe(FALLBACK)
    expect(thrownErrorMessage(new DOMException('aborted', 'AbortError'), FALLBACK)).toBe(TIMEOUT_MESSAGE)
  })
})

describe('runtime config', () => {
  it('caches a successful load and strips a trailing slash from the base URL', async () => {
    const fetchMock = vi.fn(async () => json({ apiBaseUrl: 'https://api.test/', apiKey: 'key' }))
    const first = await getRuntimeConfig(fetchMock as typeof fetch)
    const second = await getRuntimeConfig(fetchMock as typeof fetch)
    expect(first).toEqual({ apiBaseUrl: 'https://api.test', apiKey: 'key' })
    expect(second).toBe(first)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('forgets a failed load so the next submit retries', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('bad gateway', { status: 502 }))
      .mockResolvedValueOnce(json({ apiBaseUrl: '', apiKey: 'key' }))
    await expect(getRuntimeConfig(fetchMock as typeof fetch)).rejects.toBeInstanceOf(RuntimeConfigError)
    await expect(getRuntimeConfig(fetchMock as typeof fetch)).resolves.toEqual({
      apiBaseUrl: '',
      apiKey: 'key',
    })
  })
})

describe('postForm', () => {
  it('aborts after the 30 s API timeout', async () => {
    vi.useFakeTimers()
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/runtime-config.json') return json({ apiBaseUrl: '', apiKey: 'key' })
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    })
    const pending = postForm('/api/contact', {}, fetchMock as typeof fetch)
    const assertion = expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await vi.advanceTimersByTimeAsync(30_000)
    await assertion
  })
})
