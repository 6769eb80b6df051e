import { describe, expect, it } from 'vitest'
import { createAppError, isAppError, toAppError } from './app-error'
import { USER_MESSAGES } from './codes'

const NOW = new Date('2025-03-04T05:06:07.000Z')

describe('createAppError', () => {
  it('builds the error object with the catalogue user message', () => {
    const error = createAppError('VALIDATION_FAILED', 'Headline too long', {
      field: 'copy.general.headline',
      context: { accountId: 'acct-1' },
      now: NOW,
    })
    expect(error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Headline too long',
      field: 'copy.general.headline',
      timestamp: '2025-03-04T05:06:07.000Z',
      context: { accountId: 'acct-1' },
      userMessage: 'Please check your input and try again.',
    })
  })

  it('falls back to the user message when the message is empty or scrubbed away', () => {
    expect(createAppError('FORBIDDEN', '').message).toBe(USER_MESSAGES.FORBIDDEN)
    expect(createAppError('FORBIDDEN', '<script>x()</script>').message).toBe(USER_MESSAGES.FORBIDDEN)
  })

  it('defaults the message to the user message, the context to {} and leaves field out', () => {
    const error = createAppError('NOT_FOUND', undefined, { now: () => NOW })
    expect(error.message).toBe(USER_MESSAGES.NOT_FOUND)
    expect(error.context).toEqual({})
    expect('field' in error).toBe(false)
    expect(error.timestamp).toBe(NOW.toISOString())
  })

  it('stamps the current time by default and survives an invalid clock', () => {
    const before = Date.now()
    const stamped = Date.parse(createAppError('API_ERROR').timestamp)
    expect(stamped).toBeGreaterThanOrEqual(before)
    expect(stamped).toBeLessThanOrEqual(Date.now())
    expect(() => createAppError('API_ERROR', 'x', { now: new Date(Number.NaN) })).not.toThrow()
  })

  it('sanitizes the message for logs and the context values', () => {
    const error = createAppError('DATABASE_ERROR', 'connect failed: postgres://rk:hunter2@10.0.0.5/rk', {
      context: {
        password: 'hunter2',
        request: { headers: { authorization: 'Bearer abc.def.ghi' }, email: 'jane@example.com' },
        attempts: 3,
        cause: new Error('open /home/deploy/.env'),
      },
    })
    expect(error.message).toBe('connect failed: [REDACTED_CONNECTION]')
    expect(JSON.stringify(error)).not.toMatch(/hunter2|abc\.def|jane@|\/home\/deploy/)
    expect(error.context).toEqual({
      password: '[REDACTED_SECRET]',
      request: { headers: { authorization: '[REDACTED_SECRET]' }, email: '[REDACTED_EMAIL]' },
      attempts: 3,
      cause: 'open [REDACTED_PATH]',
    })
  })

  it('keeps messages within the 500-character log limit', () => {
    expect(createAppError('SYSTEM_ERROR', 'x '.repeat(2000)).message.length).toBeLessThanOrEqual(500)
  })

  it('bounds cyclic context instead of recursing forever', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const error = createAppError('INTERNAL_ERROR', 'x', { context: { cyclic } })
    expect(JSON.stringify(error.context)).toContain('[TRUNCATED]')
  })
})

describe('toAppError', () => {
  it('turns a fetch failure into NETWORK_ERROR in every runtime wording', () => {
    for (const message of [
      'Failed to fetch',
      'fetch failed',
      'Load failed',
      'NetworkError when attempting to fetch resource.',
    ]) {
      expect(toAppError(new TypeError(message)).code, message).toBe('NETWORK_ERROR')
    }
    const undici = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    })
    expect(toAppError(undici)).toMatchObject({
      code: 'NETWORK_ERROR',
      context: { causeCode: 'ECONNREFUSED' },
    })
  })

  it('turns aborts and timeouts into TIMEOUT_ERROR', () => {
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })
    const timeout = Object.assign(new Error('The operation timed out.'), { name: 'TimeoutError' })
    expect(toAppError(abort).code).toBe('TIMEOUT_ERROR')
    expect(toAppError(timeout).code).toBe('TIMEOUT_ERROR')
    expect(toAppError(Object.assign(new Error('socket'), { code: 'ETIMEDOUT' })).code).toBe('TIMEOUT_ERROR')
    // A DOMException-like value that is not an Error instance in every runtime.
    expect(toAppError({ name: 'AbortError', message: 'The user aborted a request.' }).code).toBe(
      'TIMEOUT_ERROR',
    )
  })

  it('reads the server error body, keeping its field', () => {
    const error = toAppError({
      error: { code: 'VALIDATION_FAILED', message: 'Headline too long', field: 'headline' },
    })
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Headline too long',
      field: 'headline',
      userMessage: USER_MESSAGES.VALIDATION_FAILED,
    })
  })

  it('uses a catalogue code or an HTTP status found on the thrown value', () => {
    expect(toAppError(Object.assign(new Error('nope'), { code: 'FORBIDDEN' })).code).toBe('FORBIDDEN')
    expect(toAppError({ status: 404, message: 'missing' })).toMatchObject({
      code: 'NOT_FOUND',
      context: { status: 404 },
    })
    expect(toAppError({ statusCode: 429 }).code).toBe('RATE_LIMIT_EXCEEDED')
    expect(toAppError({ code: 'HTTP_ERROR', error: 'HTTP 503', status: 503 })).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'HTTP 503',
    })
    expect(toAppError({ code: 'PARSE_ERROR', error: 'Invalid response format from server' }).code).toBe(
      'API_ERROR',
    )
    expect(toAppError({ code: 'NETWORK_ERROR' }).code).toBe('NETWORK_ERROR')
  })

  it('records an unrecognised code without trusting it', () => {
    const error = toAppError(Object.assign(new Error('duplicate key value'), { code: '23505' }))
    expect(error).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'duplicate key value',
      context: { originalCode: '23505' },
    })
  })

  it('takes strings as messages, or as codes when they are one', () => {
    expect(toAppError('Something broke')).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'Something broke' })
    expect(toAppError('TOKEN_EXPIRED')).toMatchObject({
      code: 'TOKEN_EXPIRED',
      userMessage: 'Your session has expired. Please sign in again.',
    })
  })

  it('makes UNKNOWN_ERROR of anything else', () => {
    for (const value of [undefined, null, 42, true, Symbol('x'), () => 1, {}]) {
      const error = toAppError(value)
      expect(error.code).toBe('UNKNOWN_ERROR')
      expect(error.message).toBe('An unexpected error occurred.')
      expect(isAppError(error)).toBe(true)
    }
  })

  it('never leaks secrets from thrown messages', () => {
    const error = toAppError(
      new Error(
        'Stripe: Invalid API Key provided: sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx for jane@example.com',
      ),
    )
    expect(error.message).toBe('Stripe: Invalid API Key provided: [REDACTED_KEY] for [REDACTED_EMAIL]')
    expect(error.message).not.toContain('sk_live_51H8')
  })

  it('returns an AppError unchanged, merging extra context', () => {
    const original = createAppError('FORBIDDEN', 'no', { now: NOW })
    expect(toAppError(original)).toBe(original)
    expect(toAppError(original, { context: { route: '/api/account' } }).context).toEqual({
      route: '/api/account',
    })
  })

  it('passes options through to the error', () => {
    const error = toAppError(new Error('bad'), { now: NOW, field: 'email', context: { step: 'save' } })
    expect(error).toMatchObject({ timestamp: NOW.toISOString(), field: 'email', context: { step: 'save' } })
  })
})

describe('isAppError', () => {
  it('accepts the full shape only', () => {
    expect(isAppError(createAppError('NOT_FOUND'))).toBe(true)
    expect(isAppError({ code: 'NOT_FOUND', message: 'x', timestamp: 't', userMessage: 'u' })).toBe(false)
    expect(isAppError({ code: 'NOPE', message: 'x', timestamp: 't', userMessage: 'u', context: {} })).toBe(
      false,
    )
    expect(isAppError(new Error('x'))).toBe(false)
  })
})
