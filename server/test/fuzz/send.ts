import { nodeBindings } from '../support/node-bindings'
import { ADMIN_TOKEN, type Fixture } from './fixture'
import type { RequestSpec, Target } from './targets'

/** A request as the fuzz suite sends it: the spec's path and body, or a raw body text. */
export interface Outgoing extends RequestSpec {
  rawBody?: string
}

let visitors = 0
const visitorAddress = () => {
  visitors += 1
  return `198.51.${(visitors >> 8) & 255}.${visitors & 255}`
}

/** Sends `request` as `target`'s caller would: API key and bearer where that caller has them. */
export async function send(f: Fixture, target: Target, request: Outgoing): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers }
  const bearer =
    request.token ??
    (target.caller === 'merchant'
      ? f.shop.ownerToken
      : target.caller === 'subscriber'
        ? f.subscriberToken
        : target.caller === 'admin'
          ? ADMIN_TOKEN
          : undefined)
  if (bearer) headers.authorization = `Bearer ${bearer}`
  if (target.caller === 'merchant' || target.caller === 'visitor') headers['x-api-key'] = f.t.apiKey
  let body: string | undefined
  if (request.rawBody !== undefined) body = request.rawBody
  else if (request.body !== undefined) body = JSON.stringify(request.body)
  if (body !== undefined) headers['content-type'] = 'application/json'
  const peer = request.peer ?? (target.caller === 'visitor' ? visitorAddress() : undefined)
  return await f.t.app.request(
    request.path,
    { method: target.method, headers, ...(body !== undefined ? { body } : {}) },
    peer === undefined ? undefined : nodeBindings(peer, headers),
  )
}
