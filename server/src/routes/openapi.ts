import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { buildOpenApiDocument } from '../services/openapi/document'

/** `GET /api/openapi.json`: generated from the same zod schemas the routes validate with. */
export function openapiRoutes(deps: AppDeps) {
  let cached: string | null = null
  return new Hono<AppEnv>().get('/api/openapi.json', (c) => {
    cached ??= JSON.stringify(buildOpenApiDocument(deps.config.publicUrl))
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Content-Type', 'application/json; charset=utf-8')
    return c.body(cached)
  })
}
