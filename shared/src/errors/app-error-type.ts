import type { ErrorCode } from './codes'

/**
 * The error object every layer passes around and logs: apart from app-error.ts so the error-body
 * parser can take it without a ring.
 */
export interface AppError {
  code: ErrorCode
  /** For logs and developers: sanitized, at most 500 characters. */
  message: string
  /** The offending input, for validation errors. */
  field?: string
  /** ISO 8601, when the error was created. */
  timestamp: string
  /** Structured details for logs; string values are sanitized, secret-named keys redacted. */
  context: Record<string, unknown>
  /** What a person is told: the catalogue text for `code`. */
  userMessage: string
}
