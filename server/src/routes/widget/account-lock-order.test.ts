import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { lockAccountRow } from '../../db/account-lock'
import {
  acceptSuiteAccount,
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetCall,
} from './testing'

/**
 * One merchant's subscribers arrive together: new sessions start while others cancel or accept. The
 * memory soak on PostgreSQL saw a third of its session starts answer 503 ("deadlock detected"): a start
 * took the account's row lock while a cancel held the evidence chain and needed the account row for a
 * foreign key. Nothing a subscriber does at the same time as another subscriber may fail.
 */
let t: TestContext
let account: WidgetAccount
let merchant: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  merchant = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function subscriberToken() {
  const subscriber = await newSubscriber(t, merchant, merchant.prices.proMonthly)
  return tokenFor(t, account, subscriber)
}

describe('starts, cancels and accepts of one account at the same moment', () => {
  it('all succeed: 2 rounds of 10 starts beside 5 cancels and 5 accepts', { timeout: 90_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const leaving = await Promise.all(Array.from({ length: 10 }, () => subscriberToken()))
      const opened = []
      for (const token of leaving)
        opened.push({ token, sessionId: (await startSession(t, token)).body.sessionId })
      const arriving = await Promise.all(Array.from({ length: 10 }, () => subscriberToken()))
      const calls = [
        ...arriving.map((token) => widgetCall(t, '/api/widget/sessions', { token, body: {} })),
        ...opened.map(({ token, sessionId }, i) =>
          i % 2 === 0
            ? widgetCall(t, `/api/widget/sessions/${sessionId}/cancel`, { token, body: {} })
            : widgetCall(t, `/api/widget/sessions/${sessionId}/accept`, {
                token,
                body: { offer: 'pause', choice: { months: 1 } },
              }),
        ),
      ]
      const statuses = (await Promise.all(calls)).map((res) => res.status)
      expect(
        statuses.filter((status) => status >= 500),
        `round ${round}: ${statuses.join(' ')}`,
      ).toEqual([])
    }
  })
})

const onPostgres = process.env.TEST_DB === 'postgres'

describe('the account lock', () => {
  it('tells whether the account exists', async () => {
    const db = t.database.db
    expect(await db.transaction().execute((trx) => lockAccountRow(trx, account.accountId))).toBe(true)
    expect(await db.transaction().execute((trx) => lockAccountRow(trx, 'acct_nosuchaccount00'))).toBe(false)
  })

  it.runIf(onPostgres)('lets a row referring to the account be written while it is held', async () => {
    const db = t.database.db
    await db.deleteFrom('evidence_heads').where('account_id', '=', account.accountId).execute()
    let release = () => {}
    let locked = () => {}
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.accountId)
      locked()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await lockTaken
    // The foreign key's key-share lock on the account: it waited behind FOR UPDATE until the holder ended.
    const insert = db
      .insertInto('evidence_heads')
      .values({ account_id: account.accountId, hash: '0'.repeat(64), pruned_hash: '0'.repeat(64) })
      .execute()
      .then(() => 'written' as const)
    const outcome = await Promise.race([
      insert,
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
    ])
    release()
    await holder
    await insert
    expect(outcome).toBe('written')
  })

  it.runIf(onPostgres)('still makes two changes of one account wait for each other', async () => {
    const db = t.database.db
    const order: string[] = []
    let release = () => {}
    let locked = () => {}
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const first = db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.accountId)
      locked()
      await new Promise<void>((resolve) => (release = resolve))
      order.push('first ends')
    })
    await lockTaken
    const second = db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.accountId)
      order.push('second locks')
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first ends', 'second locks'])
  })
})
