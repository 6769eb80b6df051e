import { z } from 'zod'
import { OPERATIONS, type Operation, type Security } from './operations'

const SECURITY: Record<Security, Record<string, string[]>[]> = {
  apiKey: [{ apiKey: [] }],
  bearer: [{ bearer: [] }],
  subscriber: [{ subscriberToken: [] }],
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
  return {
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
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(op.status ?? 200)]: { description: `Success: ${op.returns}` },
      '400': {
        description: 'Invalid input (VALIDATION_FAILED with the field and message)',
        content: { 'application/json': { schema: errorBody } },
      },
      '401': {
        description: 'Missing/invalid API key or token',
        content: { 'application/json': { schema: errorBody } },
      },
      '403': {
        description: 'Not a member, insufficient permissions',
        content: { 'application/json': { schema: errorBody } },
      },
    },
  }
}

/** The OpenAPI 3.1 document, built once from OPERATIONS and the shared zod schemas. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const { key } = toPathKey(op.path)
    const action = new URLSearchParams(op.path.split('?')[1] ?? '').get('action')
    // Paths that differ only by ?action= share one key in OpenAPI; keep each call visible by its action.
    const pathKey = action ? `${key}#action=${action}` : key
    paths[pathKey] = { ...paths[pathKey], [op.method]: operationObject(op) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Retainkit API',
      version: '1.0.0',
      description:
        'Merchant calls need the x-api-key header (from /runtime-config.json) and a bearer token from sign-in. Widget calls carry the subscriber token minted by the merchant’s server. Success bodies are {data}; errors are {error: {code, message, field?}}.',
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
      },
    },
    paths,
  }
}
