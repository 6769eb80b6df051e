import type { SessionEventInput } from '@retainkit/shared/widget-api'
import { describe, expect, it } from 'vitest'
import type { Host } from '../host/types'
import { createEventQueue } from './event-queue'

/** A send whose answers the test releases one by one. */
function controlledSend() {
  const batches: SessionEventInput[][] = []
  const answers: Array<(ok: boolean) => void> = []
  const send = (events: SessionEventInput[]) => {
    batches.push(events)
    return new Promise<void>((resolve, reject) => {
      answers.push((ok) => (ok ? resolve() : reject(new Error('offline'))))
    })
  }
  return { batches, answers, send }
}

const host = { window: { setTimeout, clearTimeout } } as unknown as Host
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the event queue', () => {
  it('settles a flush only once every batch sent before it has been answered', async () => {
    const network = controlledSend()
    const queue = createEventQueue(host, network.send)
    queue.push({ step: 'reason_selected', reasonKey: 'too_expensive' })
    void queue.flush()
    queue.push({ step: 'offer_declined', offer: 'discount' })
    let settled = false
    // What the cancel or accept call waits for: the server refuses steps after a session's end.
    void queue.flush().then(() => {
      settled = true
    })
    expect(network.batches).toHaveLength(2)
    network.answers[1]?.(true)
    await tick()
    expect(settled).toBe(false)
    network.answers[0]?.(true)
    await tick()
    expect(settled).toBe(true)
  })

  it('is not held back by a failed batch, and an empty queue settles at once', async () => {
    const network = controlledSend()
    const queue = createEventQueue(host, network.send)
    await queue.flush()
    expect(network.batches).toHaveLength(0)
    queue.push({ step: 'reason_continue' })
    const flushed = queue.flush()
    network.answers[0]?.(false)
    // Resolves (not rejects): analytics never stand between the subscriber and their outcome.
    await flushed
  })
})
