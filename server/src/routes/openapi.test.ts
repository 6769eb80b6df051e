import { API_RESPONSES } from '@retainkit/shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { servedCalls } from '../../test/support/served-calls'
import { contractKey, OPERATIONS, operationKey } from '../services/openapi/operations'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document without an API key', async () => {
    const res = await t.request('/api/openapi.json', { apiKey: null })
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toContain('/api/analytics')
  })

  it('lists every public API call', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    for (const call of [
      'GET /api/account#action=data',
      'PUT /api/account#action=data',
      'POST /api/accounts',
      'GET /api/account#action=config',
      'PUT /api/account#action=config',
      'GET /api/config/default/{accountId}',
      'POST /api/account#action=reasons',
      'GET /api/account#action=credentials',
      'POST /api/account#action=credentials',
      'GET /api/analytics',
      'POST /api/stripe/oauth/callback',
      'GET /api/stripe/plans/{accountId}',
      'POST /api/stripe/coupons',
      'GET /api/stripe/coupons/{accountId}',
      'POST /api/stripe/test-connection/{accountId}',
      'POST /api/session#action=bootstrap',
      'POST /api/session#action=active-account',
      'GET /api/session#action=context',
      'GET /health',
      'POST /api/contact',
    ]) {
      expect(calls).toContain(call)
    }
  })

  it('derives request bodies from the shared schemas, limits included', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: { 'application/json': { schema: unknown } } } }>
      >
    }
    const schema = JSON.stringify(
      doc.paths['/api/account#action=config']?.put?.requestBody?.content['application/json'].schema,
    )
    expect(schema).toContain('"maxLength":200')
    expect(schema).toContain('headline')
  })

  it('describes exactly the calls of the shared response contract, closed objects included', async () => {
    const described = OPERATIONS.map(contractKey)
    expect(Object.keys(API_RESPONSES).filter((call) => !described.includes(call))).toEqual([])
    expect(described.filter((call) => !(call in API_RESPONSES))).toEqual([])
    const doc = JSON.stringify(await (await t.request('/api/openapi.json')).json())
    // Closed response objects: a client generated from the document knows no field goes unannounced.
    expect(doc).toContain('"additionalProperties":false')
  })

  it('describes JSON answers by their schema alone, and in words only what has no body', () => {
    // Prose listing a response's fields drifts from the schema; words are kept for redirects, 204s
    // and the call that never succeeds.
    expect(OPERATIONS.filter((op) => op.response && op.returns).map(contractKey)).toEqual([])
    expect(OPERATIONS.filter((op) => !op.response && !op.returns).map(contractKey)).toEqual([])
  })

  it('lists every call the server answers, each with its request body and success response', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: { 'application/json': { schema: unknown } } }
            responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>
          }
        >
      >
    }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const served = servedCalls(t.app)
    expect(served.length).toBeGreaterThan(50)
    expect(served.filter((call) => !documented.includes(call))).toEqual([])
    expect(documented.filter((call) => !served.includes(call))).toEqual([])
    for (const op of OPERATIONS) {
      const entry = doc.paths[operationKey(op).slice(op.method.length + 1)]?.[op.method]
      const success = entry?.responses[String(op.status ?? 200)]
      expect(success, operationKey(op)).toBeDefined()
      if (op.response) expect(success?.content?.['application/json'].schema, operationKey(op)).toBeDefined()
      if (op.body)
        expect(entry?.requestBody?.content['application/json'].schema, operationKey(op)).toBeDefined()
    }
    // The calls the document used to leave out.
    for (const call of [
      'GET /api/account#action=widget-secret',
      'DELETE /api/account#action=widget-secret',
      'DELETE /api/account#action=credentials',
      'POST /api/stripe/oauth/start',
      'GET /api/billing/status/{accountId}',
      'POST /api/billing/checkout/{accountId}',
      'POST /api/billing/portal/{accountId}',
      'POST /api/billing/webhook',
      'POST /api/admin/accounts',
      'POST /api/admin/tier',
      'POST /api/admin/revoke-sessions',
    ]) {
      expect(documented).toContain(call)
    }
  })
})
