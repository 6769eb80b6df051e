import type { ErrorCode } from './codes'

/** How loudly an error is reported. Ordered from least to most severe. */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

export const SEVERITY_BY_CODE: Readonly<Record<ErrorCode, Severity>> = {
  SYSTEM_ERROR: 'critical',
  DATABASE_ERROR: 'critical',
  CONFIGURATION_ERROR: 'critical',
  SERVICE_UNAVAILABLE: 'high',
  EXTERNAL_SERVICE_ERROR: 'high',
  INTERNAL_ERROR: 'high',
  UNAUTHORIZED: 'medium',
  FORBIDDEN: 'medium',
  API_ERROR: 'medium',
  TIMEOUT_ERROR: 'medium',
  VALIDATION_FAILED: 'low',
  INVALID_INPUT: 'low',
  MISSING_REQUIRED_FIELD: 'low',
  TOKEN_EXPIRED: 'low',
  INVALID_CREDENTIALS: 'low',
  NETWORK_ERROR: 'low',
  RATE_LIMIT_EXCEEDED: 'low',
  NOT_FOUND: 'low',
  DUPLICATE_ENTRY: 'low',
  CONSTRAINT_VIOLATION: 'low',
  BUSINESS_RULE_VIOLATION: 'low',
  OPERATION_NOT_ALLOWED: 'low',
  INSUFFICIENT_PERMISSIONS: 'low',
  UNKNOWN_ERROR: 'low',
}

export function severityOf(code: ErrorCode): Severity {
  return SEVERITY_BY_CODE[code]
}

/** True when `severity` is at least `threshold`, e.g. to decide what pages an operator. */
export function isAtLeastSeverity(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(threshold)
}
