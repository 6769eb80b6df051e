import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/http-error'
import { createMemoryLogger } from './logger'
import { callStripe, missingPermissionMessage, toHttpError } from './stripe-errors'

const KEY = `sk_test_${'K'.repeat(40)}`

function mapped(error: unknown, context?: Parameters<typeof toHttpError>[1]) {
  const result = toHttpError(error, context)
  if (!(result instanceof HttpError)) throw new Error('expected an HttpError')
  return { status: result.status, code: result.code, message: result.message, field: result.field }
}

describe('toHttpError', () => {
  it('turns a rejected key into a 400 that says what to fix, never naming the key', () => {
    const error = new Stripe.errors.StripeAuthenticationError({ message: `Invalid API Key provided: ${KEY}` })
    expect(mapped(error, { key: 'pasted' })).toEqual({
      status: 400,
      code: 'INVALID_CREDENTIALS',
      message: 'Stripe rejected this key. Check that you pasted the full secret or restricted key.',
      field: 'api_key',
    })
    expect(mapped(error, { key: 'stored' }).message).toBe(
      'Stripe rejected the stored key (it may have been rolled or revoked). Reconnect Stripe in Settings.',
    )
  })

  it('names the permission a restricted key lacks (403)', () => {
    const error = new Stripe.errors.StripePermissionError({
      message:
        "The provided key 'rk_test_****abcd' does not have the required permissions for this endpoint on account 'acct_1'. Having the 'rak_subscription_write' permission would allow this request to continue.",
    })
    expect(mapped(error)).toEqual({
      status: 403,
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'Your restricted key needs write access to Subscriptions.',
      field: undefined,
    })
    const revoked = new Stripe.errors.StripePermissionError({
      message: "The provided key does not have access to account 'acct_2' (or that account does not exist).",
    })
    expect(mapped(revoked).message).toBe(
      'Retainkit no longer has access to this Stripe account. Reconnect Stripe in Settings.',
    )
  })

  it('maps rate limits to 429 and outages to 502', () => {
    expect(mapped(new Stripe.errors.StripeRateLimitError({ message: 'slow down' }))).toMatchObject({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
    })
    for (const error of [
      new Stripe.errors.StripeConnectionError({ message: 'ECONNRESET' }),
      new Stripe.errors.StripeAPIError({ message: 'Internal error' }),
    ]) {
      expect(mapped(error)).toEqual({
        status: 502,
        code: 'EXTERNAL_SERVICE_ERROR',
        message: 'Stripe is not responding. Please try again.',
        field: undefined,
      })
    }
  })

  it("answers invalid requests with 400 and Stripe's message, sanitized", () => {
    const error = new Stripe.errors.StripeInvalidRequestError({
      message: `No such coupon: 'NOPE' (key ${KEY}) <script>x</script>`,
      param: 'starting_after',
    })
    const result = mapped(error)
    expect(result).toMatchObject({ status: 400, code: 'INVALID_INPUT', field: 'starting_after' })
    expect(result.message).toBe("No such coupon: 'NOPE' (key [REDACTED_KEY])")
    expect(
      mapped(new Stripe.errors.StripeInvalidRequestError({ code: 'resource_already_exists', param: 'id' })),
    ).toMatchObject({ status: 409, code: 'DUPLICATE_ENTRY', field: 'id' })
  })

  it('maps OAuth grant failures to 400 and leaves other errors alone', () => {
    expect(mapped(new Stripe.errors.StripeInvalidGrantError({ message: 'code used' }))).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      field: 'code',
    })
    const plain = new Error('not from Stripe')
    expect(toHttpError(plain)).toBe(plain)
  })
})

describe('missingPermissionMessage', () => {
  it('reads any rak_ permission name', () => {
    expect(missingPermissionMessage("Having the 'rak_promotion_code_read' permission")).toBe(
      'Your restricted key needs read access to Promotion Codes.',
    )
    expect(missingPermissionMessage("Having the 'rak_tax_rate_write' permission")).toBe(
      'Your restricted key needs write access to Tax Rate.',
    )
    expect(missingPermissionMessage('no permission named')).toBeNull()
  })
})

describe('callStripe', () => {
  it("logs the failure's type and ids, never its text", async () => {
    const logger = createMemoryLogger()
    const failing = async () => {
      throw new Stripe.errors.StripeAuthenticationError({
        message: `Invalid API Key provided: ${KEY}`,
        requestId: 'req_123',
        statusCode: 401,
      })
    }
    await expect(callStripe(logger, 'accounts.retrieve', failing, { key: 'pasted' })).rejects.toBeInstanceOf(
      HttpError,
    )
    expect(logger.lines).toHaveLength(1)
    expect(JSON.parse(logger.lines[0] ?? '{}')).toMatchObject({
      msg: 'stripe call failed',
      operation: 'accounts.retrieve',
      type: 'StripeAuthenticationError',
      status: 401,
      stripeRequestId: 'req_123',
    })
    expect(logger.lines.join('\n')).not.toContain(KEY)
  })
})
