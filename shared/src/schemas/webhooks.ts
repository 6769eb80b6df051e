import { z } from 'zod'
import { WEBHOOK_ENDPOINT_KINDS, WEBHOOK_EVENT_TYPES } from '../webhooks'

/** The URL's protocol, or null when it is not a URL (URL.canParse is not in every runtime we target). */
function protocolOf(value: string): string | null {
  try {
    return new URL(value).protocol
  } catch {
    return null
  }
}

export const WEBHOOK_MESSAGES = {
  https: 'The endpoint URL must start with https://',
  url: 'Enter a valid URL',
  events: 'Choose at least one event',
  event: `Events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  kind: "Kind must be 'generic' or 'slack'",
} as const

/** Body of `POST /api/webhooks/{accountId}`: a new endpoint. */
export const webhookEndpointCreateSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2000, WEBHOOK_MESSAGES.url)
    .refine((value) => protocolOf(value) !== null, WEBHOOK_MESSAGES.url)
    .refine((value) => protocolOf(value) === 'https:', WEBHOOK_MESSAGES.https),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.event }))
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENT_TYPES.length),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS, { error: WEBHOOK_MESSAGES.kind }).default('generic'),
  description: z.string().trim().max(200).optional(),
})
export type WebhookEndpointCreateInput = z.infer<typeof webhookEndpointCreateSchema>

/** Body of `POST /api/webhooks/{accountId}/endpoints/{endpointId}/test`: which event to send a sample of. */
export const webhookTestEventSchema = z.strictObject({
  type: z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.event }),
})
export type WebhookTestEventInput = z.infer<typeof webhookTestEventSchema>
