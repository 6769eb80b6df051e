import { describe, expect, it } from 'vitest'
import type { Host } from '../host/types'
import { createWidgetApi } from './client'

/** A fetch whose answers the test releases one by one, recording the order requests are sent in. */
function controlledFetch() {
  const sent: string[] = []
  const waiting = new Map<string, () => void>()
  const fetch = (url: string) => {
    const path = new URL(url).pathname.replace('/api/widget', '')
    sent.push(path)
    return new Promise<Response>((resolve) => {
      waiting.set(path, () => {
        const status = path.endsWith('/events') ? 204 : 200
        resolve(new Response(status === 204 ? null : JSON.stringify({ status: 'scheduled' }), { status }))
      })
    })
  }
  return { sent, fetch, answer: (path: string) => waiting.get(path)?.() }
}

const context = { accountId: 'acct', mode: 'live', apiBase: 'https://api.example', nonce: '' } as const
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the widget API client', () => {
  it('sends a cancel only once the session events sent before it have arrived', async () => {
    const network = controlledFetch()
    const api = createWidgetApi({ window: { fetch: network.fetch } } as unknown as Host, context)
    const events = api.sendEvents('tok', 'cs_1', [{ step: 'offer_declined', offer: 'discount' }])
    const cancel = api.cancel('tok', 'cs_1', {})
    await flush()
    // The server refuses steps after a session's end, so the cancel must not overtake the steps.
    expect(network.sent).toEqual(['/sessions/cs_1/events'])
    network.answer('/sessions/cs_1/events')
    await events
    await flush()
    expect(network.sent).toEqual(['/sessions/cs_1/events', '/sessions/cs_1/cancel'])
    network.answer('/sessions/cs_1/cancel')
    expect(await cancel).toEqual({ status: 'scheduled' })
  })

  it('does not hold an accept back for another session, nor after a failed batch', async () => {
    const network = controlledFetch()
    const api = createWidgetApi({ window: { fetch: network.fetch } } as unknown as Host, context)
    void api.sendEvents('tok', 'cs_other', [{ step: 'reason_continue' }])
    void api.accept('tok', 'cs_2', { offer: 'discount' })
    await flush()
    expect(network.sent).toEqual(['/sessions/cs_other/events', '/sessions/cs_2/accept'])

    const failing = createWidgetApi(
      { window: { fetch: () => Promise.reject(new TypeError('offline')) } } as unknown as Host,
      context,
    )
    await expect(failing.sendEvents('tok', 'cs_3', [{ step: 'reason_continue' }])).rejects.toThrow()
    await expect(failing.cancel('tok', 'cs_3', {})).rejects.toMatchObject({ status: 0 })
  })
})
