import { afterEach, describe, expect, it } from 'vitest'
import { type FakeChatServer, startFakeChatCompletions } from './chat-completions'

let server: FakeChatServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

const post = (url: string, body: unknown, key?: string) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  })

describe('fake OpenAI-compatible chat completions', () => {
  it('answers in the chat.completion shape and records the request', async () => {
    server = await startFakeChatCompletions()
    const res = await post(server.url, {
      model: 'local-model',
      messages: [
        { role: 'system', content: 'Summarise.' },
        { role: 'user', content: 'Write-ins:\n- "Too expensive for us"\n- "Missing exports"' },
      ],
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      object: string
      choices: { message: { role: string; content: string } }[]
    }
    expect(body.object).toBe('chat.completion')
    expect(body.choices[0]?.message).toEqual({
      role: 'assistant',
      content:
        'Summary of 1 request: most write-ins are about price. One subscriber wrote "Too expensive for us".',
    })
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.path).toBe('/v1/chat/completions')
  })

  it('refuses what real servers refuse: a wrong key, an unknown model, no messages', async () => {
    server = await startFakeChatCompletions({ apiKey: 'sk-local-1' })
    const messages = [{ role: 'user', content: 'hi' }]
    const wrongKey = await post(server.url, { model: 'local-model', messages }, 'sk-other')
    expect(wrongKey.status).toBe(401)
    expect(((await wrongKey.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key')
    const unknown = await post(server.url, { model: 'gpt-9', messages }, 'sk-local-1')
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('model_not_found')
    const empty = await post(server.url, { model: 'local-model', messages: [] }, 'sk-local-1')
    expect(empty.status).toBe(400)
    const badRole = await post(
      server.url,
      { model: 'local-model', messages: [{ role: 'tool', content: 1 }] },
      'sk-local-1',
    )
    expect(badRole.status).toBe(400)
    expect((await post(server.url, { model: 'local-model', messages }, 'sk-local-1')).status).toBe(200)
  })

  it('can be made slow or failing', async () => {
    server = await startFakeChatCompletions()
    server.failWith(503)
    const failed = await post(server.url, {
      model: 'local-model',
      messages: [{ role: 'user', content: 'hi' }],
    })
    expect(failed.status).toBe(503)
    server.failWith(null)
    server.delay(300)
    const started = Date.now()
    const slow = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'local-model', messages: [{ role: 'user', content: 'hi' }] }),
      signal: AbortSignal.timeout(50),
    }).catch((error: Error) => error)
    expect(slow).toBeInstanceOf(Error)
    expect(Date.now() - started).toBeLessThan(250)
  })
})
