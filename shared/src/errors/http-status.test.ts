import { describe, expect, it } from 'vitest'
import { ERROR_CODES, USER_MESSAGES } from './codes'
import { codeForStatus, HTTP_STATUS_BY_CODE, httpStatusFor } from './http-status'

describe('codeForStatus', () => {
  it('maps the four statuses the catalogue names to their messages', () => {
    expect(codeForStatus(401)).toBe('UNAUTHORIZED')
    expect(codeForStatus(403)).toBe('FORBIDDEN')
    expect(codeForStatus(404)).toBe('NOT_FOUND')
    expect(codeForStatus(429)).toBe('RATE_LIMIT_EXCEEDED')
    expect(USER_MESSAGES[codeForStatus(401)]).toBe('You need to sign in to access this feature.')
    expect(USER_MESSAGES[codeForStatus(429)]).toBe('Too many requests. Please wait a moment and try again.')
  })

  it.each([
    [0, 'NETWORK_ERROR'],
    [400, 'VALIDATION_FAILED'],
    [405, 'OPERATION_NOT_ALLOWED'],
    [408, 'TIMEOUT_ERROR'],
    [409, 'DUPLICATE_ENTRY'],
    [410, 'NOT_FOUND'],
    [413, 'INVALID_INPUT'],
    [422, 'BUSINESS_RULE_VIOLATION'],
    [502, 'EXTERNAL_SERVICE_ERROR'],
    [503, 'SERVICE_UNAVAILABLE'],
    [504, 'TIMEOUT_ERROR'],
  ] as const)('maps %i to %s (our choice)', (status, code) => {
    expect(codeForStatus(status)).toBe(code)
  })

  it('falls back to API_ERROR for other 5xx and UNKNOWN_ERROR for anything else', () => {
    for (const status of [500, 501, 505, 599]) expect(codeForStatus(status), String(status)).toBe('API_ERROR')
    for (const status of [200, 302, 402, 418, 451, 600, -1, 404.5, Number.NaN]) {
      expect(codeForStatus(status), String(status)).toBe('UNKNOWN_ERROR')
    }
  })
})

describe('httpStatusFor', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['INVALID_INPUT', 400],
    ['MISSING_REQUIRED_FIELD', 400],
    ['UNAUTHORIZED', 401],
    ['TOKEN_EXPIRED', 401],
    ['INVALID_CREDENTIALS', 401],
    ['FORBIDDEN', 403],
    ['INSUFFICIENT_PERMISSIONS', 403],
    ['OPERATION_NOT_ALLOWED', 403],
    ['NOT_FOUND', 404],
    ['DUPLICATE_ENTRY', 409],
    ['CONSTRAINT_VIOLATION', 409],
    ['BUSINESS_RULE_VIOLATION', 422],
    ['RATE_LIMIT_EXCEEDED', 429],
    ['EXTERNAL_SERVICE_ERROR', 502],
    ['SERVICE_UNAVAILABLE', 503],
    ['TIMEOUT_ERROR', 504],
    ['API_ERROR', 500],
    ['DATABASE_ERROR', 500],
    ['CONFIGURATION_ERROR', 500],
    ['SYSTEM_ERROR', 500],
    ['UNKNOWN_ERROR', 500],
    ['INTERNAL_ERROR', 500],
    ['NETWORK_ERROR', 500],
  ] as const)('answers %s with %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status)
  })

  it('covers every code with an error status', () => {
    expect(Object.keys(HTTP_STATUS_BY_CODE).sort()).toEqual([...ERROR_CODES].sort())
    for (const code of ERROR_CODES) expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400)
  })

  it('lets a client recover a code with the same status from the bare status', () => {
    for (const code of ERROR_CODES) {
      expect(httpStatusFor(codeForStatus(httpStatusFor(code))), code).toBe(httpStatusFor(code))
    }
  })
})
