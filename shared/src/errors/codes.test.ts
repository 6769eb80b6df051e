import { describe, expect, it } from 'vitest'
import { ERROR_CODES, isErrorCode, USER_MESSAGES, userMessageFor } from './codes'

// The product specification's table, copied literally: the catalogue must say exactly this.
const SPEC_TABLE: ReadonlyArray<readonly [string, string]> = [
  ['VALIDATION_FAILED', 'Please check your input and try again.'],
  ['INVALID_INPUT', 'The information provided is not valid.'],
  ['MISSING_REQUIRED_FIELD', 'Please fill in all required fields.'],
  ['UNAUTHORIZED', 'You need to sign in to access this feature.'],
  ['FORBIDDEN', "You don't have permission to perform this action."],
  ['TOKEN_EXPIRED', 'Your session has expired. Please sign in again.'],
  ['INVALID_CREDENTIALS', 'Invalid username or password.'],
  ['API_ERROR', "We're experiencing technical difficulties. Please try again."],
  ['NETWORK_ERROR', 'Unable to connect. Please check your internet connection.'],
  ['TIMEOUT_ERROR', 'The request timed out. Please try again.'],
  ['RATE_LIMIT_EXCEEDED', 'Too many requests. Please wait a moment and try again.'],
  ['DATABASE_ERROR', "We're experiencing database issues. Please try again later."],
  ['NOT_FOUND', 'The requested item was not found.'],
  ['DUPLICATE_ENTRY', 'This item already exists.'],
  ['CONSTRAINT_VIOLATION', 'This action violates system constraints.'],
  ['SERVICE_UNAVAILABLE', 'This service is temporarily unavailable.'],
  ['EXTERNAL_SERVICE_ERROR', 'An external service is not responding.'],
  ['CONFIGURATION_ERROR', 'System configuration error. Please contact support.'],
  ['BUSINESS_RULE_VIOLATION', 'This action is not allowed by business rules.'],
  ['OPERATION_NOT_ALLOWED', 'This operation is not permitted.'],
  ['INSUFFICIENT_PERMISSIONS', "You don't have sufficient permissions."],
  ['SYSTEM_ERROR', 'A system error occurred. Please try again.'],
  ['UNKNOWN_ERROR', 'An unexpected error occurred.'],
  ['INTERNAL_ERROR', 'Internal error. Please contact support if this persists.'],
]

describe('error catalogue', () => {
  it('lists exactly the 24 client codes of the catalogue, in table order, without duplicates', () => {
    expect(ERROR_CODES).toEqual(SPEC_TABLE.map(([code]) => code))
    expect(new Set(ERROR_CODES).size).toBe(24)
  })

  it.each(SPEC_TABLE)('%s reads "%s"', (code, message) => {
    expect(isErrorCode(code)).toBe(true)
    if (!isErrorCode(code)) return
    expect(USER_MESSAGES[code]).toBe(message)
    expect(userMessageFor(code)).toBe(message)
  })

  it('has a message for every code and nothing else', () => {
    expect(Object.keys(USER_MESSAGES).sort()).toEqual([...ERROR_CODES].sort())
  })

  it('recognises only catalogue codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true)
    for (const value of [
      'not_found',
      'PARSE_ERROR',
      'HTTP_ERROR',
      '',
      ' NOT_FOUND',
      404,
      null,
      undefined,
      {},
    ]) {
      expect(isErrorCode(value)).toBe(false)
    }
  })
})
