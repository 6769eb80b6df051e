import type { ErrorCode } from './codes'

/**
 * The status the server answers with for each code. The catalogue fixes only the reverse direction for four
 * statuses; these are our choices, picked so that `codeForStatus(httpStatusFor(code))` lands on a code
 * with the same status (the client recovers the class of error from a bare status).
 */
export const HTTP_STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  INVALID_INPUT: 400,
  MISSING_REQUIRED_FIELD: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_PERMISSIONS: 403,
  OPERATION_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  DUPLICATE_ENTRY: 409,
  CONSTRAINT_VIOLATION: 409,
  BUSINESS_RULE_VIOLATION: 422,
  RATE_LIMIT_EXCEEDED: 429,
  API_ERROR: 500,
  DATABASE_ERROR: 500,
  CONFIGURATION_ERROR: 500,
  SYSTEM_ERROR: 500,
  UNKNOWN_ERROR: 500,
  INTERNAL_ERROR: 500,
  NETWORK_ERROR: 500,
  EXTERNAL_SERVICE_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT_ERROR: 504,
}

export function httpStatusFor(code: ErrorCode): number {
  return HTTP_STATUS_BY_CODE[code]
}

/** "401, 403, 404 and 429 map to the unauthorized, forbidden, not-found and rate-limit messages". */
const SPEC_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMIT_EXCEEDED',
}

/** Our choices for the statuses the spec leaves open. */
const CHOSEN_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  // 0 is what a browser reports for a request that never got an answer (offline, CORS, DNS).
  0: 'NETWORK_ERROR',
  400: 'VALIDATION_FAILED',
  405: 'OPERATION_NOT_ALLOWED',
  408: 'TIMEOUT_ERROR',
  409: 'DUPLICATE_ENTRY',
  410: 'NOT_FOUND',
  413: 'INVALID_INPUT',
  415: 'INVALID_INPUT',
  422: 'BUSINESS_RULE_VIOLATION',
  502: 'EXTERNAL_SERVICE_ERROR',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT_ERROR',
}

/**
 * The error code for an HTTP status when the server's body names none: the spec's four, then our
 * choices above, then API_ERROR for any other 5xx and UNKNOWN_ERROR for everything else (other 4xx,
 * non-error statuses, nonsense).
 */
export function codeForStatus(status: number): ErrorCode {
  if (!Number.isInteger(status)) return 'UNKNOWN_ERROR'
  const known = SPEC_STATUS_CODES[status] ?? CHOSEN_STATUS_CODES[status]
  if (known) return known
  if (status >= 500 && status <= 599) return 'API_ERROR'
  return 'UNKNOWN_ERROR'
}
