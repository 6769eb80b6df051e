import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminCli, startAdminCli } from '../../test/support/admin-cli'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { alignClocks } from '../routes/billing-testing'
import { backfilled, saveKeys, storeKeyUnchecked } from '../routes/stripe/test-support'
import { startMerchantSyncWorker, syncMerchantSubscriptions } from '../services/merchant-events/sync'

/**
 * `npm run admin -- reconcile [account]`: one reconcile pass now, for one account or every connected
 * one, through the running server (as next to `npm start`) and, on PostgreSQL, straight on the database
 * with the Stripe fake served over loopback. Subscriptions are cancelled in the fake without their
 * webhooks being delivered, so only a reconcile can bring them in.
 */

let t: TestContext
let cli: AdminCli
const onPostgres = process.env.TEST_DB === 'postgres'

beforeAll(async () => {
  t = await createTestContext()
  alignClocks(t)
  cli = await startAdminCli(t)
})
afterAll(async () => {
  cli.close()
  await t.close()
})

const admin = (argv: string[], env?: NodeJS.ProcessEnv) => cli.run(argv, env)

/** A merchant connected through the real credentials call, backfilled, its endpoint registered. */
async function connected(name: string) {
  const { accountId, owner } = await t.createAccount({ name })
  const merchant = await seedMerchant(t.stripe)
  await t.stripe.deliverWebhooks()
  expect((await saveKeys(t, accountId, owner.token, merchant.keys)).status).toBe(200)
  await backfilled(t, accountId)
  await t.stripe.deliverWebhooks()
  // A periodic pass since: the seed's own events (before the connection) are applied, not news any more.
  await syncMerchantSubscriptions(t.deps, accountId)
  return { accountId, owner, merchant, stripe: createStripeClient(t.stripe, merchant.keys.secret) }
}

/** Cancels a subscription in Stripe; the webhook is left undelivered, as when our endpoint was down. */
async function cancelUnheard(shop: Awaited<ReturnType<typeof connected>>) {
  const { subscriptionId } = shop.merchant.customers.activeMonthly
  await shop.stripe.subscriptions.cancel(subscriptionId)
  return subscriptionId
}

const statusOf = async (accountId: string, subscriptionId: string) =>
  (
    await t.database.db
      .selectFrom('subscriber_subscriptions')
      .select('status')
      .where('account_id', '=', accountId)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst()
  )?.status

/** Every connected account's reconcile: a revoked key from another suite's account must not leak in. */
async function disconnectOthers(keep: string[]) {
  await t.database.db.deleteFrom('gateway_credentials').where('account_id', 'not in', keep).execute()
}

describe.runIf(onPostgres)('npm run admin -- reconcile, with no server running', () => {
  // First in the file: the command runs on the real clock, which the test clock (aligned with it at the
  // start) must not have been moved ahead of, or every stored row would look newer than Stripe's answer.
  it('opens the database itself and calls Stripe at STRIPE_API_BASE', async () => {
    const served = await t.stripe.listen(0, '127.0.0.1')
    const idle = mkdtempSync(join(tmpdir(), 'rk-reconcile-direct-'))
    try {
      const shop = await connected('Direct Shop')
      await disconnectOthers([shop.accountId])
      const sub = await cancelUnheard(shop)
      const run = await admin(['reconcile'], {
        DATA_DIR: idle,
        DATABASE_URL: t.database.databaseUrl ?? '',
        RETAINKIT_SECRET_KEY: Buffer.alloc(32, 7).toString('hex'),
        STRIPE_API_BASE: served.url,
      })
      expect(run.err).toBe('')
      expect(run.out.split('\n')).toEqual([
        'Reconciling 1 connected account with Stripe…',
        `${shop.accountId} (Direct Shop): 1 event applied`,
        'Reconciled 1 account.',
      ])
      expect(run.code).toBe(0)
      expect(await statusOf(shop.accountId, sub)).toBe('canceled')
    } finally {
      await served.close()
      rmSync(idle, { recursive: true, force: true })
    }
  })
})

describe('npm run admin -- reconcile, through the running server', () => {
  it('reconciles the one account named (by id or owner e-mail), printing its result', async () => {
    const north = await connected('North Shop')
    const south = await connected('South Shop')
    const northSub = await cancelUnheard(north)
    const southSub = await cancelUnheard(south)
    t.clock.advance(60_000)

    const one = await admin(['reconcile', north.accountId])
    expect(one.err).toBe('')
    expect(one.code).toBe(0)
    expect(one.out.split('\n')).toEqual([
      `Reconciling ${north.accountId} with Stripe…`,
      `${north.accountId} (North Shop): 1 event applied`,
      'Reconciled 1 account.',
    ])
    expect(await statusOf(north.accountId, northSub)).toBe('canceled')
    // The other account was not touched.
    expect(await statusOf(south.accountId, southSub)).toBe('active')

    // Again, by the owner's e-mail: nothing new to apply.
    expect((await admin(['reconcile', north.owner.email])).out).toContain(
      `${north.accountId} (North Shop): up to date, no event missed`,
    )
  })

  it('without an account: every connected account, one line each; a failure exits 1 and names it', async () => {
    const east = await connected('East Shop')
    const west = await connected('West Shop')
    const broken = await t.createAccount({ name: 'Revoked Shop' })
    await storeKeyUnchecked(t, broken.accountId, 'sk_test_revokedkey000000000000000')
    await disconnectOthers([east.accountId, west.accountId, broken.accountId])
    const eastSub = await cancelUnheard(east)
    const westSub = await cancelUnheard(west)
    t.clock.advance(60_000)

    const all = await admin(['reconcile'])
    expect(all.code).toBe(1)
    const lines = all.out.split('\n')
    expect(lines[0]).toBe('Reconciling 3 connected accounts with Stripe…')
    expect(lines).toContain(`${east.accountId} (East Shop): 1 event applied`)
    expect(lines).toContain(`${west.accountId} (West Shop): 1 event applied`)
    expect(all.err).toBe(
      `${broken.accountId} (Revoked Shop): failed: Stripe rejected the stored key (it may have been rolled or revoked). Reconnect Stripe in Settings.`,
    )
    expect(all.err).not.toContain('sk_test_revokedkey')
    expect(lines.at(-1)).toBe('Reconciled 2 of 3 accounts; 1 failed.')
    // The failure did not stop the others.
    expect(await statusOf(east.accountId, eastSub)).toBe('canceled')
    expect(await statusOf(west.accountId, westSub)).toBe('canceled')
  })

  it('refuses an unknown account or one without a Stripe connection, and bad usage', async () => {
    expect(await admin(['reconcile', 'acct_nobody'])).toMatchObject({
      code: 1,
      err: 'No account with id "acct_nobody". List them with: npm run admin -- accounts',
    })
    const { accountId } = await t.createAccount({ name: 'Unconnected' })
    expect(await admin(['reconcile', accountId])).toMatchObject({
      code: 1,
      err: `${accountId} (Unconnected) has no Stripe connection: nothing to reconcile.`,
    })
    const extra = await admin(['reconcile', accountId, 'more'])
    expect(extra.code).toBe(2)
    expect(extra.err).toContain('npm run admin -- reconcile [account id | owner e-mail]')
  })
})

describe('the periodic reconcile', () => {
  it('runs every MERCHANT_SYNC_INTERVAL of the configuration', async () => {
    const shop = await connected('Timed Shop')
    await disconnectOthers([shop.accountId])
    const sub = await cancelUnheard(shop)
    t.clock.advance(60 * 60_000)
    // A configuration loaded with a short interval (below what an operator may set, to keep the test fast).
    const stop = startMerchantSyncWorker({
      ...t.deps,
      config: { ...t.deps.config, merchantSyncIntervalMs: 100 },
    })
    try {
      await expect.poll(() => statusOf(shop.accountId, sub), { timeout: 5_000 }).toBe('canceled')
    } finally {
      stop()
    }
  })
})
