/**
 * A stateful, strict fake of the parts of Stripe's API Retainkit uses, for tests and the sandbox.
 * See README.md beside this file for what it covers and how it differs from Stripe.
 */
export type { CreateAccountOptions, FakeAccountKeys } from './accounts'
export { createStripeClient, FAKE_API_VERSION, loopbackConfig } from './client'
export type { FakeClock } from './clock'
export { type AccountSnapshot, createStripeFake, type StripeFake, type StripeFakeOptions } from './fake'
export type { FakeServer } from './http-server'
export type { RequestLogEntry } from './pipeline'
export { type SeededMerchant, type SeedOptions, seedMerchant } from './seed'
export { PLATFORM_METER_EVENT_NAME, type PlatformBilling, seedPlatformBilling } from './seed-billing'
export { type PastCancellation, seedCancellationHistories, seedCancellationHistory } from './seed-history'
export type { PermissionLevel, PermissionResource, RestrictedKeyPermissions } from './state'
export type { WebhookDelivery, WebhookOptions } from './webhooks'
