import { WEBHOOK_DATA, webhookBody } from '@retainkit/shared/api'
import { WEBHOOK_EVENT_LABELS } from '@retainkit/shared/webhooks'
import { z } from 'zod'
import { OPERATIONS, type Operation, operationKey, type Security } from './operations'

const SECURITY: Record<Security, Record<string, string[]>[]> = {
  apiKey: [{ apiKey: [] }],
  bearer: [{ bearer: [] }],
  subscriber: [{ subscriberToken: [] }],
  admin: [{ adminToken: [] }],
  none: [],
}

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        field: { type: 'string' },
        already: {
          type: 'object',
          description:
            "A widget call that lost a race to another tab or window (409): what that one already did, worded in the session's language; the widget shows `text` and offers only Close.",
          required: ['kind', 'text'],
          properties: {
            kind: { type: 'string', enum: ['offer_applied', 'trial_extended', 'cancelled'] },
            until: { type: 'string', format: 'date-time' },
            text: { type: 'string' },
          },
        },
        issues: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
}

function toPathKey(path: string): { key: string; fixedQuery: Record<string, string> } {
  const [key = path, query] = path.split('?')
  const fixedQuery = Object.fromEntries(new URLSearchParams(query ?? ''))
  return { key, fixedQuery }
}

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>

const COMMON_ERRORS = {
  '400': 'Invalid input (VALIDATION_FAILED or INVALID_INPUT, with the field and message)',
  '401': 'Missing or invalid API key or token',
  '403': 'Not a member, or insufficient permissions',
  '429': 'Too many requests (RATE_LIMIT_EXCEEDED; Retry-After)',
  '503': "The database does not answer (DATABASE_ERROR, the catalogue's message; Retry-After)",
} as const

function operationObject(op: Operation) {
  const { fixedQuery } = toPathKey(op.path)
  const security = op.security.flatMap((s) => SECURITY[s])
  const params = [
    ...(op.params ?? []),
    ...Object.entries(fixedQuery)
      .filter(([name]) => !(op.params ?? []).some((p) => p.name === name))
      .map(([name, value]) => ({
        name,
        in: 'query',
        required: true,
        description: `Must be "${value}"`,
        schema: { type: 'string', const: value },
      })),
  ]
  const status = String(op.status ?? 200)
  const success = op.response
    ? {
        description: op.returns ? `Success: ${op.returns}` : 'Success',
        content: {
          'application/json': { schema: json(op.response, 'output') },
          ...(op.textContent ? { [op.textContent]: { schema: { type: 'string' } } } : {}),
        },
      }
    : { description: op.returns ?? 'Success, without a body' }
  const errors = Object.fromEntries(
    Object.entries({ ...COMMON_ERRORS, ...op.otherResponses })
      .filter(([code]) => code !== status)
      .map(([code, description]) => [
        code,
        Number(code) >= 400
          ? { description, content: { 'application/json': { schema: errorBody } } }
          : { description },
      ]),
  )
  return {
    operationId: operationKey(op)
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, ''),
    summary: op.summary,
    tags: [op.tag],
    ...(security.length > 0
      ? {
          security:
            op.security.includes('apiKey') && op.security.includes('bearer')
              ? [{ apiKey: [], bearer: [] }]
              : security,
        }
      : { security: [] }),
    ...(params.length > 0
      ? { parameters: params.map((p) => ({ ...p, required: p.in === 'path' ? true : Boolean(p.required) })) }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { 'application/json': { schema: json(op.body, 'input') } },
          },
        }
      : {}),
    responses: { [status]: success, ...errors },
  }
}

/** The OpenAPI 3.1 document, built once from OPERATIONS and the shared zod schemas. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    // Paths that differ only by a fixed query (?action=, ?grant_type=) share one key in OpenAPI; keep
    // each call visible by it: `/api/account#action=config`.
    const pathKey = operationKey(op).slice(op.method.length + 1)
    paths[pathKey] = { ...paths[pathKey], [op.method]: operationObject(op) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Retainkit API',
      version: '1.0.0',
      description:
        'Merchant calls need the x-api-key header (from /runtime-config.json) and a bearer token from sign-in. Widget calls carry the subscriber token minted by the merchant’s server. Success bodies are {data} (the widget API answers its contract types bare); errors are {error: {code, message, field?}}. The embedded auth server (/auth/v1) speaks GoTrue: its errors are {code, message}.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        subscriberToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT (HS256, signed with the widget secret)',
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The running process's one-time admin token (DATA_DIR/admin.json); loopback only",
        },
      },
    },
    paths,
    webhooks: webhookOperations(),
  }
}

/** The bodies Retainkit posts to a merchant's endpoints (Settings → Webhooks), for the save events. */
function webhookOperations() {
  return Object.fromEntries(
    Object.entries(WEBHOOK_DATA).map(([type, data]) => [
      type,
      {
        post: {
          summary: WEBHOOK_EVENT_LABELS[type as keyof typeof WEBHOOK_DATA],
          description: 'Signed with the Retainkit-Signature header (README "Webhooks out").',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(webhookBody(type, data), 'output') } },
          },
          responses: {
            '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried' },
          },
        },
      },
    ]),
  )
}
