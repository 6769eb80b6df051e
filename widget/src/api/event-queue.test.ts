import type { SessionEventInput } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Host } from '../host/types'
import { createEventQueue, EVENT_RETRY_DELAY_MS } from './event-queue'

/**
 * A send whose answers the test releases one by one: true succeeds, false fails as the network does,
 * a number fails with that HTTP status (as the API client's errors carry it).
 */
function controlledSend() {
  const batches: SessionEventInput[][] = []
  const answers: Array<(ok: boolean | number) => void> = []
  const send = (events: SessionEventInput[]) => {
    batches.push(events)
    return new Promise<void>((resolve, reject) => {
      answers.push((ok) =>
        ok === true ? resolve() : reject(Object.assign(new Error('failed'), { status: ok || 0 })),
      )
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

  describe('when the server is too busy (503)', () => {
    afterEach(() => {
      vi.useRealTimers()
    })
    const fakeHost = () => ({ window: { setTimeout, clearTimeout } }) as unknown as Host

    it('sends the batch once more after a pause, and the flush waits for that retry', async () => {
      vi.useFakeTimers()
      const network = controlledSend()
      const queue = createEventQueue(fakeHost(), network.send)
      queue.push({ step: 'reason_selected', reasonKey: 'too_expensive' })
      let settled = false
      void queue.flush().then(() => {
        settled = true
      })
      network.answers[0]?.(503)
      await vi.advanceTimersByTimeAsync(EVENT_RETRY_DELAY_MS - 1)
      expect(network.batches).toHaveLength(1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(network.batches).toEqual([network.batches[0], network.batches[0]])
      expect(settled).toBe(false)
      network.answers[1]?.(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(settled).toBe(true)
    })

    it('retries only once, and never what the server refused for another reason', async () => {
      vi.useFakeTimers()
      for (const [first, attempts] of [
        [503, 2],
        [409, 1],
        [429, 1],
        [false, 1],
      ] as const) {
        const network = controlledSend()
        const queue = createEventQueue(fakeHost(), network.send)
        queue.push({ step: 'reason_continue' })
        const flushed = queue.flush()
        network.answers[0]?.(first)
        await vi.advanceTimersByTimeAsync(EVENT_RETRY_DELAY_MS * 5)
        network.answers[1]?.(503)
        await vi.advanceTimersByTimeAsync(EVENT_RETRY_DELAY_MS * 5)
        await flushed
        expect([first, network.batches.length]).toEqual([first, attempts])
      }
    })
  })
})
