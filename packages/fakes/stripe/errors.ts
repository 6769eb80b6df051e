/**
 * Stripe's error envelope. Every failure the fake produces goes through `FakeStripeError`, so the SDK
 * maps it to the same error class (by HTTP status and `type`) that it would build from a real answer.
 */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error'

export interface StripeErrorBody {
  type: StripeErrorType
  message: string
  code?: string
  param?: string
  doc_url?: string
  decline_code?: string
  payment_intent?: Record<string, unknown>
  payment_method?: Record<string, unknown> | null
}

export class FakeStripeError extends Error {
  readonly status: number
  readonly body: StripeErrorBody
  /**
   * A failure that still changed something, as a declined payment does (the invoice's attempt is
   * counted and its events sent): the request's changes and events are kept, not rolled back.
   */
  readonly keepChanges: boolean

  constructor(status: number, body: StripeErrorBody, keepChanges = false) {
    super(body.message)
    this.status = status
    this.body = body
    this.keepChanges = keepChanges
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body }
  }
}

interface ErrorOptions {
  param?: string
  code?: string
  status?: number
}

export function invalidRequest(message: string, options: ErrorOptions = {}): FakeStripeError {
  const body: StripeErrorBody = { type: 'invalid_request_error', message }
  if (options.code) {
    body.code = options.code
    body.doc_url = `https://stripe.com/docs/error-codes/${options.code.replaceAll('_', '-')}`
  }
  if (options.param) body.param = options.param
  return new FakeStripeError(options.status ?? 400, body)
}

export function unknownParameter(param: string): FakeStripeError {
  return invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param })
}

export function missingParameter(param: string): FakeStripeError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param })
}

/** `No such customer: 'cus_x'` — the noun is Stripe's human name for the resource. */
export function resourceMissing(noun: string, id: string, param = 'id'): FakeStripeError {
  return invalidRequest(`No such ${noun}: '${id}'`, { code: 'resource_missing', param, status: 404 })
}

export function authenticationError(message: string): FakeStripeError {
  return invalidRequest(message, { status: 401 })
}

export function permissionError(message: string): FakeStripeError {
  return invalidRequest(message, { status: 403 })
}

export function idempotencyError(message: string): FakeStripeError {
  return new FakeStripeError(400, { type: 'idempotency_error', message })
}

export function unrecognizedUrl(method: string, path: string): FakeStripeError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { status: 404 },
  )
}

export function internalError(message: string): FakeStripeError {
  return new FakeStripeError(500, { type: 'api_error', message })
}
