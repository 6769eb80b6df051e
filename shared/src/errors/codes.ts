/**
 * The client error catalogue: every code the server answers with and the console or widget
 * shows, with the exact words a person sees. Zod-free and dependency-free so any bundle can import it.
 */

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_INPUT',
  'MISSING_REQUIRED_FIELD',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'API_ERROR',
  'NETWORK_ERROR',
  'TIMEOUT_ERROR',
  'RATE_LIMIT_EXCEEDED',
  'DATABASE_ERROR',
  'NOT_FOUND',
  'DUPLICATE_ENTRY',
  'CONSTRAINT_VIOLATION',
  'SERVICE_UNAVAILABLE',
  'EXTERNAL_SERVICE_ERROR',
  'CONFIGURATION_ERROR',
  'BUSINESS_RULE_VIOLATION',
  'OPERATION_NOT_ALLOWED',
  'INSUFFICIENT_PERMISSIONS',
  'SYSTEM_ERROR',
  'UNKNOWN_ERROR',
  'INTERNAL_ERROR',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES)

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value)
}

/** What a person is told, per code, word for word. */
export const USER_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Please check your input and try again.',
  INVALID_INPUT: 'The information provided is not valid.',
  MISSING_REQUIRED_FIELD: 'Please fill in all required fields.',
  UNAUTHORIZED: 'You need to sign in to access this feature.',
  FORBIDDEN: "You don't have permission to perform this action.",
  TOKEN_EXPIRED: 'Your session has expired. Please sign in again.',
  INVALID_CREDENTIALS: 'Invalid username or password.',
  API_ERROR: "We're experiencing technical difficulties. Please try again.",
  NETWORK_ERROR: 'Unable to connect. Please check your internet connection.',
  TIMEOUT_ERROR: 'The request timed out. Please try again.',
  RATE_LIMIT_EXCEEDED: 'Too many requests. Please wait a moment and try again.',
  DATABASE_ERROR: "We're experiencing database issues. Please try again later.",
  NOT_FOUND: 'The requested item was not found.',
  DUPLICATE_ENTRY: 'This item already exists.',
  CONSTRAINT_VIOLATION: 'This action violates system constraints.',
  SERVICE_UNAVAILABLE: 'This service is temporarily unavailable.',
  EXTERNAL_SERVICE_ERROR: 'An external service is not responding.',
  CONFIGURATION_ERROR: 'System configuration error. Please contact support.',
  BUSINESS_RULE_VIOLATION: 'This action is not allowed by business rules.',
  OPERATION_NOT_ALLOWED: 'This operation is not permitted.',
  INSUFFICIENT_PERMISSIONS: "You don't have sufficient permissions.",
  SYSTEM_ERROR: 'A system error occurred. Please try again.',
  UNKNOWN_ERROR: 'An unexpected error occurred.',
  INTERNAL_ERROR: 'Internal error. Please contact support if this persists.',
}

export function userMessageFor(code: ErrorCode): string {
  return USER_MESSAGES[code]
}
