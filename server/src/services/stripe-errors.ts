import { sanitizeMessage } from '@retainkit/shared/sanitize'
import Stripe from 'stripe'
import { HttpError } from '../http/http-error'
import type { Logger } from './logger'

/**
 * Stripe's failures in our error shape. The merchant is told what to fix in their Stripe account
 * (a key, a permission), never handed Stripe's raw text when it could carry a key fragment, and
 * never a 500 for something Stripe said.
 */

export const STRIPE_ERROR_MESSAGES = {
  keyRejected: 'Stripe rejected this key. Check that you pasted the full secret or restricted key.',
  storedKeyRejected:
    'Stripe rejected the stored key (it may have been rolled or revoked). Reconnect Stripe in Settings.',
  accessRevoked: 'Retainkit no longer has access to this Stripe account. Reconnect Stripe in Settings.',
  missingPermission: 'Your restricted key is missing a permission Retainkit needs. Check it in Stripe.',
  rateLimited: 'Stripe is receiving too many requests. Please wait a moment and try again.',
  unavailable: 'Stripe is not responding. Please try again.',
  conflict: 'Stripe is still processing an identical request. Please try again in a moment.',
  couponExists: 'A coupon with this ID already exists in your Stripe account.',
  invalidGrant:
    'Stripe did not accept this authorization (it expired or was already used). Start again from Settings.',
} as const

/** Stripe's restricted-key permission names (`rak_<resource>_<read|write>`) as the dashboard shows them. */
const PERMISSION_NAMES: Readonly<Record<string, string>> = {
  account: 'Account',
  balance: 'Balance',
  customer: 'Customers',
  product: 'Products',
  price: 'Prices',
  plan: 'Plans',
  coupon: 'Coupons',
  promotion_code: 'Promotion Codes',
  subscription: 'Subscriptions',
  invoice: 'Invoices',
  invoice_item: 'Invoice Items',
  event: 'Events',
  webhook_endpoint: 'Webhook Endpoints',
}

/** `Your restricted key needs write access to Subscriptions.` from Stripe's permission error text. */
export function missingPermissionMessage(stripeMessage: string): string | null {
  const match = /\brak_([a-z_]+?)_(read|write)\b/.exec(stripeMessage)
  if (!match) return null
  const [, resource = '', level = ''] = match
  const name =
    PERMISSION_NAMES[resource] ??
    resource
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  return `Your restricted key needs ${level} access to ${name}.`
}

export interface StripeErrorContext {
  /** Whose key was used: a key being pasted, or the account's stored one. Changes what to fix. */
  key?: 'pasted' | 'stored'
}

/** The HttpError a route throws for a failed Stripe call. Non-Stripe errors pass through unchanged. */
export function toHttpError(error: unknown, context: StripeErrorContext = {}): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error
  switch (error.type) {
    case 'StripeAuthenticationError':
      // 400, not 401: the merchant's session is fine, their Stripe key is not.
      return new HttpError(
        'INVALID_CREDENTIALS',
        context.key === 'pasted'
          ? STRIPE_ERROR_MESSAGES.keyRejected
          : STRIPE_ERROR_MESSAGES.storedKeyRejected,
        context.key === 'pasted' ? 'api_key' : undefined,
        undefined,
        400,
      )
    case 'StripePermissionError': {
      const named = missingPermissionMessage(error.message)
      const message =
        named ??
        (/does not have access to account/i.test(error.message)
          ? STRIPE_ERROR_MESSAGES.accessRevoked
          : STRIPE_ERROR_MESSAGES.missingPermission)
      return new HttpError('INSUFFICIENT_PERMISSIONS', message, undefined, undefined, 403)
    }
    case 'StripeRateLimitError':
    case 'RateLimitError':
      return new HttpError('RATE_LIMIT_EXCEEDED', STRIPE_ERROR_MESSAGES.rateLimited)
    case 'StripeIdempotencyError':
      return new HttpError('DUPLICATE_ENTRY', STRIPE_ERROR_MESSAGES.conflict)
    case 'StripeInvalidRequestError':
      if (error.code === 'resource_already_exists' && error.param === 'id') {
        return new HttpError('DUPLICATE_ENTRY', STRIPE_ERROR_MESSAGES.couponExists, 'id')
      }
      return new HttpError(
        'INVALID_INPUT',
        sanitizeMessage(error.message, { audience: 'user' }),
        error.param ? sanitizeMessage(error.param, { maxLength: 100 }) : undefined,
        undefined,
        400,
      )
    case 'StripeInvalidGrantError':
      return new HttpError('INVALID_INPUT', STRIPE_ERROR_MESSAGES.invalidGrant, 'code')
    default:
      // StripeConnectionError, StripeAPIError, OAuth client errors and anything newer: Stripe (or our
      // platform setup) failed, not the merchant's input.
      return new HttpError('EXTERNAL_SERVICE_ERROR', STRIPE_ERROR_MESSAGES.unavailable)
  }
}

/**
 * Runs a Stripe call and maps its failure. Logs what an operator needs (type, code, status, Stripe's
 * request id) and nothing from the request itself; the logger also redacts anything key-shaped.
 */
export async function callStripe<T>(
  logger: Logger,
  operation: string,
  call: () => Promise<T>,
  context: StripeErrorContext = {},
): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.warn('stripe call failed', {
        operation,
        type: error.type,
        code: error.code ?? null,
        status: error.statusCode ?? null,
        stripeRequestId: error.requestId ?? null,
      })
    }
    throw toHttpError(error, context)
  }
}
