import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { mailAttempts } from '../../observability/metrics'
import type { Mailer } from '../mailer'
import { cancelMail, enqueueMail } from './outbox'
import { claimDueMail, MAIL_LEASE_MS, pruneMailOutbox, sendDueMail } from './worker'

/**
 * The outbox on the project's database (PGlite, and PostgreSQL in server-pg): mail exists exactly when
 * its cause committed, once per dedupe key however many transactions race, and is sent once, later,
 * even when the process that claimed it died. SMTP itself: smtp.test.ts.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

function queueInvitation(accountId: string, to: string, dedupeKey = `test:${randomUUID()}`, sendAt?: Date) {
  return t.database.db.transaction().execute((trx) =>
    enqueueMail(trx, t.deps, {
      kind: 'member_invitation',
      to,
      accountId,
      dedupeKey,
      params: { email: to, role: 'viewer', days: 7 },
      ...(sendAt ? { sendAt } : {}),
    }),
  )
}

/** `retainkit_mail_attempts_total` for invitations with this outcome, as /metrics would show it. */
async function attemptsCounted(outcome: string): Promise<number> {
  const { values } = await mailAttempts.get()
  return values.find((v) => v.labels.outcome === outcome && v.labels.kind === 'member_invitation')?.value ?? 0
}

const rowsTo = (to: string) =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute()

/** Swaps the harness's memory mailer for `mailer` while `run` runs (after sending what was due). */
async function withMailer<T>(mailer: Mailer, run: () => Promise<T>): Promise<T> {
  await sendDueMail(t.deps)
  const real = t.deps.mailer
  t.deps.mailer = mailer
  try {
    return await run()
  } finally {
    t.deps.mailer = real
  }
}

describe('enqueueMail', () => {
  it('20 parallel transactions queueing one cause make one row and one mail', async () => {
    const { accountId } = await t.createAccount()
    const to = address('dedupe')
    const results = await Promise.all(
      Array.from({ length: 20 }, () => queueInvitation(accountId, to, 'evt_same_cause')),
    )
    expect(results.filter((result) => result.queued)).toHaveLength(1)
    expect(await rowsTo(to)).toHaveLength(1)
    expect(await t.readOutbox(to)).toHaveLength(1)
    // Sent and then queued again (a Stripe redelivery days later): still one.
    expect((await queueInvitation(accountId, to, 'evt_same_cause')).queued).toBe(false)
    expect(await t.readOutbox(to)).toHaveLength(1)
  })

  it('the same dedupe key is another mail in another account', async () => {
    const first = await t.createAccount()
    const second = await t.createAccount()
    const to = address('two-accounts')
    expect((await queueInvitation(first.accountId, to, 'evt_shared')).queued).toBe(true)
    expect((await queueInvitation(second.accountId, to, 'evt_shared')).queued).toBe(true)
    expect(await t.readOutbox(to)).toHaveLength(2)
  })

  it('a rolled-back transaction leaves no mail', async () => {
    const { accountId } = await t.createAccount()
    const to = address('rollback')
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, t.deps, {
          kind: 'member_invitation',
          to,
          accountId,
          dedupeKey: 'rolled-back',
          params: { email: to, role: 'viewer', days: 7 },
        })
        throw new Error('the cause failed')
      }),
    ).rejects.toThrow('the cause failed')
    expect(await rowsTo(to)).toEqual([])
    expect(await t.readOutbox(to)).toEqual([])
  })

  it('stores the parameters encrypted and refuses ones its template does not take', async () => {
    const { accountId } = await t.createAccount()
    const to = address('sealed')
    await queueInvitation(accountId, to)
    const [row] = await rowsTo(to)
    expect(row?.payload).toMatch(/^v1\./)
    expect(row?.payload).not.toContain(to)
    await expect(
      t.database.db.transaction().execute((trx) =>
        enqueueMail(trx, t.deps, {
          kind: 'member_invitation',
          to,
          accountId,
          dedupeKey: 'bad-params',
          params: { email: to, role: 'emperor' as 'viewer', days: 7 },
        }),
      ),
    ).rejects.toThrow()
    await expect(
      t.database.db.transaction().execute((trx) =>
        enqueueMail(trx, t.deps, {
          kind: 'sign_in',
          to: 'not an address',
          accountId: null,
          dedupeKey: 'bad-address',
          params: { link: 'http://localhost:8787/x' },
        }),
      ),
    ).rejects.toThrow('not an e-mail address')
  })

  it('holds a mail until sendAt, and cancelMail withdraws it while it waits', async () => {
    const { accountId } = await t.createAccount()
    const to = address('later')
    const queue = (dedupeKey: string) =>
      queueInvitation(accountId, to, dedupeKey, new Date(t.clock.now().getTime() + 3_600_000))
    await queue('reminder')
    await queue('withdrawn')
    expect(await t.readOutbox(to)).toEqual([])
    expect(await cancelMail(t.database.db, { accountId, dedupeKey: 'withdrawn' })).toBe(true)
    t.clock.advance(3_600_000)
    expect(await t.readOutbox(to)).toHaveLength(1)
    const statuses = (await rowsTo(to)).map((row) => [row.dedupe_key, row.status]).sort()
    expect(statuses).toEqual([
      ['reminder', 'sent'],
      ['withdrawn', 'cancelled'],
    ])
    expect(await cancelMail(t.database.db, { accountId, dedupeKey: 'reminder' })).toBe(false)
  })
})

describe('the worker', () => {
  it('retries with exponential backoff and gives up at the kind deadline, the reason kept sanitized', async () => {
    const { accountId } = await t.createAccount()
    const to = address('refused')
    const down: Mailer = {
      send: async (message) => {
        throw new Error(`connect ECONNREFUSED 10.1.2.3:25 while sending to ${message.to}`)
      },
    }
    const gaps: number[] = []
    await withMailer(down, async () => {
      await queueInvitation(accountId, to)
      for (let attempt = 0; attempt < 40; attempt++) {
        const before = (await rowsTo(to))[0]
        if (before?.status !== 'pending') break
        const wait = new Date(before.next_attempt_at).getTime() - t.clock.now().getTime()
        if (attempt > 0) gaps.push(wait)
        t.clock.advance(Math.max(0, wait))
        await sendDueMail(t.deps)
      }
    })
    const [row] = await rowsTo(to)
    expect(row).toMatchObject({ status: 'failed', payload: null, sent_at: null })
    expect(gaps.slice(0, 5)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000])
    expect(Math.max(...gaps)).toBe(30 * 60_000)
    // The invitation's deadline is two days after it was queued: retried until then, then given up.
    expect(row?.attempts).toBeGreaterThan(10)
    expect(row?.last_error).toContain('ECONNREFUSED')
    expect(row?.last_error).not.toContain(to)
    expect(row?.last_error).not.toContain('10.1.2.3')
    expect(await t.readOutbox(to)).toEqual([])
  })

  it('fails at once when the mail server refuses the recipient for good (5xx)', async () => {
    const { accountId } = await t.createAccount()
    const to = address('unknown')
    const refuse: Mailer = {
      send: async () => {
        throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), {
          code: 'EENVELOPE',
          responseCode: 550,
        })
      },
    }
    const failedBefore = await attemptsCounted('failed')
    const outcome = await withMailer(refuse, async () => {
      await queueInvitation(accountId, to)
      return sendDueMail(t.deps)
    })
    expect(outcome).toEqual({ attempted: 1, sent: 0, failed: 1 })
    expect(await attemptsCounted('failed')).toBe(failedBefore + 1)
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('a worker that died after claiming (or mid-send) leaves the mail to be sent later, exactly once', async () => {
    const { accountId } = await t.createAccount()
    const to = address('crash')
    await queueInvitation(accountId, to)
    // Claimed, then the process died: nothing recorded but the lease.
    const claimed = (await claimDueMail(t.deps, t.clock.now(), 100)).filter((row) => row.to_address === to)
    expect(claimed).toHaveLength(1)
    expect((await rowsTo(to))[0]?.status).toBe('sending')
    // While the lease holds, no other worker touches it.
    expect(await t.readOutbox(to)).toEqual([])
    t.clock.advance(MAIL_LEASE_MS)
    expect(await t.readOutbox(to)).toHaveLength(1)
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 2, payload: null })
    t.clock.advance(MAIL_LEASE_MS)
    expect(await t.readOutbox(to)).toHaveLength(1)
  })

  it('parallel passes (several instances) send each mail once', async () => {
    const { accountId } = await t.createAccount()
    const recipients = Array.from({ length: 30 }, (_, i) => address(`parallel${i}`))
    for (const to of recipients) await queueInvitation(accountId, to)
    await Promise.all([sendDueMail(t.deps), sendDueMail(t.deps), sendDueMail(t.deps)])
    for (const to of recipients) expect(await t.readOutbox(to)).toHaveLength(1)
  })

  it('keeps sent rows for the retention, then prunes them with their dedupe keys', async () => {
    const { accountId } = await t.createAccount()
    const to = address('old')
    await queueInvitation(accountId, to, 'pruned-cause')
    await t.readOutbox(to)
    t.clock.advanceDays(t.deps.config.mailRetentionDays - 1)
    await pruneMailOutbox(t.deps)
    expect(await rowsTo(to)).toHaveLength(1)
    t.clock.advanceDays(2)
    expect(await pruneMailOutbox(t.deps)).toBeGreaterThan(0)
    expect(await rowsTo(to)).toEqual([])
  })
})
