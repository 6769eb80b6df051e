import type { ApiLayerCode, AppError } from '@retainkit/shared/errors'

export interface ApiIssue {
  field: string
  message: string
}

/** An AppError plus what the transport knows. */
export interface ApiError extends AppError {
  /** HTTP status; 0 when no response arrived. */
  status: number
  /** Set when the failure is the transport's, not the server's verdict. */
  apiCode?: ApiLayerCode | 'TIMEOUT'
  /** The server's own message for people (already sanitized by the server, re-sanitized here). */
  serverMessage?: string
  /** Field-level validation issues from the server. */
  issues?: ApiIssue[]
}
