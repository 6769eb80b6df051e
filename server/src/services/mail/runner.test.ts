import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { requestLink } from '../../auth/testing'
import { createMemoryMailer, type Mailer } from '../mailer'
import { enqueueMail } from './outbox'
import { startMailWorker } from './runner'
import { sendDueMail } from './worker'

/**
 * The process's mail worker on the project's database: woken by the commit of the transaction that
 * queued mail (NOTIFY), not by its periodic pass (an hour here), and never stopped by a failing send.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

async function waitFor<T>(read: () => T | undefined, ms: number): Promise<{ value: T; elapsed: number }> {
  const started = performance.now()
  for (;;) {
    const value = read()
    if (value !== undefined) return { value, elapsed: performance.now() - started }
    if (performance.now() - started > ms) throw new Error(`nothing within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('startMailWorker', () => {
  it('sends a sign-in link within a second of the commit, woken by the notification', async () => {
    await sendDueMail(t.deps)
    const mailer = createMemoryMailer()
    const worker = startMailWorker({ ...t.deps, mailer }, { database: t.database, everyMs: 3_600_000 })
    try {
      await worker.ready
      await worker.idle()
      const email = address('wake')
      // The transaction committed before the answer: from there, only the notification can wake the
      // worker within the second (its periodic pass is an hour away).
      expect((await requestLink(t, email)).status).toBe(200)
      const { value, elapsed } = await waitFor(() => mailer.sent.find((mail) => mail.to === email), 1_000)
      expect(value.subject).toBe('Your Retainkit sign-in link')
      expect(elapsed).toBeLessThan(1_000)
    } finally {
      await worker.stop()
    }
  })

  it('a process that died between the commit and the send: the next worker to start sends its mail, once', async () => {
    await sendDueMail(t.deps)
    const { accountId } = await t.createAccount()
    const queued = address('committed')
    const claimed = address('claimed')
    for (const to of [queued, claimed])
      await t.database.db.transaction().execute((trx) =>
        enqueueMail(trx, t.deps, {
          kind: 'member_invitation',
          to,
          accountId,
          dedupeKey: to,
          params: { email: to, role: 'viewer', days: 7 },
        }),
      )
    // The dead process had claimed one of them (its lease is still on the row) and sent neither.
    await t.database.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, locked_until: t.clock.now() })
      .where('to_address', '=', claimed)
      .execute()
    const mailer = createMemoryMailer()
    const worker = startMailWorker({ ...t.deps, mailer }, { database: t.database, everyMs: 3_600_000 })
    try {
      await worker.ready
      await waitFor(() => (mailer.sent.length >= 2 ? true : undefined), 2_000)
      await worker.idle()
      worker.wake()
      await worker.idle()
      expect(mailer.sent.map((mail) => mail.to).sort()).toEqual([claimed, queued].sort())
    } finally {
      await worker.stop()
    }
  })

  it('keeps going when sends fail or hang: the next mail still goes out', async () => {
    await sendDueMail(t.deps)
    const { accountId } = await t.createAccount()
    const sent: string[] = []
    const hangs = address('hangs')
    const throws = address('throws')
    const mailer: Mailer = {
      send: async (message) => {
        if (message.to === hangs) return new Promise(() => undefined)
        // Not even an Error: whatever a transport throws is caught and recorded.
        if (message.to === throws) throw 'socket closed'
        sent.push(message.to)
        return { messageId: null }
      },
    }
    const worker = startMailWorker(
      { ...t.deps, mailer },
      { database: t.database, everyMs: 3_600_000, deadlineMs: 300, concurrency: 2 },
    )
    try {
      await worker.ready
      const queue = (to: string) =>
        t.database.db.transaction().execute((trx) =>
          enqueueMail(trx, t.deps, {
            kind: 'member_invitation',
            to,
            accountId,
            dedupeKey: to,
            params: { email: to, role: 'viewer', days: 7 },
          }),
        )
      await queue(hangs)
      await queue(throws)
      const fine = address('fine')
      await queue(fine)
      const { elapsed } = await waitFor(() => (sent.includes(fine) ? true : undefined), 2_000)
      expect(elapsed).toBeLessThan(2_000)
      await worker.idle()
      const rows = await t.database.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'status', 'last_error'])
        .where('to_address', 'in', [hangs, throws, fine])
        .orderBy('to_address')
        .execute()
      const byAddress = Object.fromEntries(rows.map((row) => [row.to_address, row]))
      expect(byAddress[fine]?.status).toBe('sent')
      expect(byAddress[hangs]).toMatchObject({ status: 'pending' })
      expect(byAddress[hangs]?.last_error).toContain('deadline')
      expect(byAddress[throws]).toMatchObject({ status: 'pending', last_error: 'socket closed' })
    } finally {
      await worker.stop()
    }
  })
})
