/**
 * `npx tsx tests/bench/recovery.bench.ts [--invoices=100000] [--accounts=100] [--stripe=1000]` —
 * payment recovery's evaluation pass (server/src/services/recovery/pass.ts) over that many open
 * campaigns, every one due at once (the worst case: a pass after a long outage), on PostgreSQL: the
 * campaigns are spread over many accounts and over the timeline — most only get their next time
 * computed, a tenth their reminder, some their final notice (both mailed through the outbox in the
 * batch's transaction), and `--stripe` of them a retry (`invoices.pay` on the in-process Stripe fake,
 * under each customer's lock) or the end of their grace. Printed: the pass's wall time per invoice,
 * beside a baseline measured in the same run — reading the same due rows in the same batches (what any
 * pass must do at least) — as a ratio, with the load average (absolute times on a shared machine move
 * by 10–30 %; compare the ratio).
 */
import { cpus, loadavg } from 'node:os'
import { createStripeClient, createStripeFake } from '@retainkit/fakes/stripe'
import { createStripeClientFactory, migrate, openDatabase, runRecoveryPass } from '@retainkit/server/testing'
import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { sql } from 'kysely'
import { benchDeps, freshPostgres, postgresBase } from './bench-app'

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined
const INVOICES = Number(option('invoices') ?? 100_000)
const ACCOUNTS = Number(option('accounts') ?? 100)
const STRIPE = Number(option('stripe') ?? 1_000)
const HOUR = 3_600_000

type Db = Awaited<ReturnType<typeof openDatabase>>['db']

/** Accounts granted the module, Pro, switched on, each with (fake) Stripe keys stored encrypted. */
async function loadAccounts(db: Db, encrypt: (text: string) => string, key: string, now: Date) {
  const ids = Array.from({ length: ACCOUNTS }, (_, i) => `bench_recovery_${i}`)
  const settings = JSON.stringify({ ...DEFAULT_RECOVERY_SETTINGS, enabled: true, end_action: 'leave' })
  await db
    .insertInto('accounts')
    .values(ids.map((id) => ({ id, name: id, slug: id, tier: 'pro' as const })))
    .execute()
  await db
    .insertInto('account_features')
    .values(ids.map((id) => ({ account_id: id, feature: 'payment_recovery' as const, granted_at: now })))
    .execute()
  await db
    .insertInto('recovery_settings')
    .values(ids.map((id) => ({ account_id: id, settings, updated_at: now, updated_by: null })))
    .execute()
  await db
    .insertInto('gateway_credentials')
    .values(
      ids.map((id) => ({
        account_id: id,
        secret_key_ciphertext: encrypt(key),
        secret_key_hint: 'sk_test_…bench',
        publishable_key: 'pk_test_bench',
        subscriptions_synced_at: now,
      })),
    )
    .execute()
  return ids
}

/**
 * Open campaigns, all due now, in four kinds by their number: a tenth whose reminder is due (failed
 * four days ago, Stripe done), eight in a hundred whose final notice is due, and the rest waiting for
 * their first retry tomorrow (only their next time to compute). Spread over the accounts.
 */
async function loadCampaigns(db: Db, now: Date, from: number, count: number) {
  await sql`
    insert into recovery_campaigns (account_id, mode, invoice_id, customer_id, subscription_id, state, amount,
      currency, mrr, plan_name, decline_code, failed_payment_method, stripe_attempts, our_attempts,
      reminder_sent_at, anchor_at, due_at, email, locale, failed_at, created_at, updated_at)
    select 'bench_recovery_' || (n % ${ACCOUNTS}), 'test', 'in_bench_' || n, 'cus_bench_' || n, 'sub_bench_' || n,
      'retrying', 4900, 'eur', 4900, 'Pro', 'insufficient_funds', 'pm_bench_' || n, 4,
      case when n % 100 between 10 and 17 then 3 else 0 end,
      case when n % 100 < 10 then null else ${now}::timestamptz - interval '5 days' end,
      case when n % 100 < 10 then null
           when n % 100 < 18 then ${now}::timestamptz - interval '12 days'
           else ${now}::timestamptz - interval '2 hours' end,
      ${now}::timestamptz,
      'subscriber' || n || '@example.com', case when n % 4 = 0 then 'fr' else null end,
      case when n % 100 < 10 then ${now}::timestamptz - interval '4 days'
           else ${now}::timestamptz - interval '9 days' end,
      ${now}, ${now}
    from generate_series(${from}::int, ${from + count - 1}::int) as n`.execute(db)
}

/**
 * The campaigns whose step needs Stripe: half a retry of a real failed invoice in the fake (the card
 * still declined: the attempt is recorded and the campaign waits for the next), half the end of the
 * grace (lost; `end_action: 'leave'`, so no cancellation call).
 */
async function loadStripeSteps(
  db: Db,
  now: Date,
  secretKey: string,
  fake: ReturnType<typeof createStripeFake>,
  account: string,
) {
  const stripe = createStripeClient(fake, secretKey)
  const price = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 4900,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  })
  const retries = Math.floor(STRIPE / 2)
  const invoices: Array<{ customer: string; subscription: string }> = []
  for (let i = 0; i < retries; i++) {
    const customer = await stripe.customers.create({
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    })
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    })
    fake.cards.program(account, customer.invoice_settings.default_payment_method as string, {
      declineCode: 'insufficient_funds',
    })
    invoices.push({ customer: customer.id, subscription: subscription.id })
  }
  fake.clock.advance(32 * 86_400)
  const failed = new Map(
    fake
      .state(account)
      .invoices.filter((invoice) => invoice.status === 'open')
      .map((invoice) => [invoice.customer, invoice.id]),
  )
  const row = (
    n: number,
    kind: 'retry' | 'lose',
    customer: string,
    subscription: string,
    invoice: string,
  ) => ({
    account_id: `bench_recovery_${n % ACCOUNTS}`,
    mode: 'test' as const,
    invoice_id: invoice,
    customer_id: customer,
    subscription_id: subscription,
    state: 'retrying' as const,
    amount: 4900,
    currency: 'eur',
    mrr: 4900,
    stripe_attempts: 1,
    // Retry: its first retry 24 h after an anchor 25 h ago. Lose: its grace ended an hour ago.
    anchor_at: new Date(now.getTime() - (kind === 'retry' ? 25 : 14 * 24 + 1) * HOUR),
    due_at: now,
    failed_at: new Date(now.getTime() - 30 * 24 * HOUR),
    created_at: now,
    updated_at: now,
    reminder_sent_at: now,
    final_notice_sent_at: now,
    our_attempts: kind === 'retry' ? 0 : 3,
  })
  const rows = [
    ...invoices.map((entry, i) =>
      row(i, 'retry', entry.customer, entry.subscription, failed.get(entry.customer) ?? ''),
    ),
    ...Array.from({ length: STRIPE - retries }, (_, i) =>
      row(i, 'lose', `cus_lose_${i}`, `sub_lose_${i}`, `in_lose_${i}`),
    ),
  ]
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('recovery_campaigns')
      .values(rows.slice(i, i + 500))
      .execute()
  // Every account's key is this one fake account's: the retries' invoices are found wherever they are asked for.
}

/** The baseline: the due rows read once, in the pass's batches and order. */
async function readDue(db: Db, now: Date): Promise<number> {
  let after: { due: Date; id: string } | null = null
  let read = 0
  for (;;) {
    let query = db
      .selectFrom('recovery_campaigns')
      .selectAll()
      .where('state', 'in', ['failed', 'retrying'])
      .where('due_at', '<=', now)
    if (after) {
      const { due, id } = after
      query = query.where((eb) =>
        eb.or([eb('due_at', '>', due), eb.and([eb('due_at', '=', due), eb('id', '>', id)])]),
      )
    }
    const rows = await query.orderBy('due_at').orderBy('id').limit(1000).execute()
    read += rows.length
    const last = rows.at(-1)
    if (!last || rows.length < 1000) return read
    after = { due: last.due_at as Date, id: String(last.id) }
  }
}

/**
 * The pass's moment: the last 12:00 UTC, inside the default daytime window (9 to 18 in UTC). Retries and
 * mails wait for the subscriber's daytime, so a pass run at night would defer them and do less work:
 * the figure must not depend on the hour the benchmark runs at.
 */
function lastNoonUtc(): Date {
  const noon = new Date()
  noon.setUTCHours(12, 0, 0, 0)
  if (noon.getTime() > Date.now()) noon.setUTCDate(noon.getUTCDate() - 1)
  return noon
}

async function main() {
  const base = await postgresBase()
  if (!base) throw new Error('the recovery benchmark needs PostgreSQL')
  const postgres = await freshPostgres(base, 'recovery')
  const database = await openDatabase({ databaseUrl: postgres.url })
  try {
    await migrate(database)
    const fake = createStripeFake({ now: () => Date.now() / 1000 })
    const keys = fake.createAccount({ billing: { retryDays: [], afterRetries: 'unpaid' } })
    const { deps } = await benchDeps(database)
    const benchDepsWithStripe = {
      ...deps,
      stripe: createStripeClientFactory({ fetch: fake.fetch as typeof fetch }),
    }
    const now = lastNoonUtc()
    const started = Date.now()
    await loadAccounts(database.db, (text) => deps.secrets.encrypt(text), keys.secretKey, now)
    const plain = INVOICES - STRIPE
    for (let from = 0; from < plain; from += 20_000)
      await loadCampaigns(database.db, now, from, Math.min(20_000, plain - from))
    await loadStripeSteps(database.db, now, keys.secretKey, fake, keys.id)
    await sql`analyze recovery_campaigns`.execute(database.db)
    console.log(
      `loaded ${INVOICES.toLocaleString('en')} open campaigns over ${ACCOUNTS} accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )

    const baselineStart = performance.now()
    const read = await readDue(database.db, now)
    const baselineMs = performance.now() - baselineStart
    if (read !== INVOICES) throw new Error(`the baseline read ${read} rows, not ${INVOICES}`)
    const passStart = performance.now()
    const result = await runRecoveryPass({ ...benchDepsWithStripe, clock: { now: () => now } })
    const passMs = performance.now() - passStart
    if (result.evaluated !== INVOICES)
      throw new Error(`the pass evaluated ${result.evaluated}, not ${INVOICES}`)
    const left = await database.db
      .selectFrom('recovery_campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('due_at', '<=', now)
      .where('state', 'in', ['failed', 'retrying'])
      .executeTakeFirstOrThrow()
    const perInvoice = passMs / INVOICES
    const basePerInvoice = baselineMs / INVOICES
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')
    console.log(
      `\nPayment recovery on PostgreSQL, ${INVOICES.toLocaleString('en')} open invoices all due, ${ACCOUNTS} accounts, load ${load} (${cpus().length} CPUs)`,
    )
    console.log(
      `pass: ${result.mailed} mails queued, ${result.retried} retries, ${result.lost} lost, ${result.failed} failed steps; ${Number(left.n)} still due after it`,
    )
    console.log('| measure | ms per invoice | total | baseline ms per invoice | ratio |')
    console.log('| --- | --- | --- | --- | --- |')
    console.log(
      `| campaign evaluation, ${INVOICES.toLocaleString('en')} open invoices in one pass | ${perInvoice.toFixed(3)} | ${(passMs / 1000).toFixed(1)} s | ${basePerInvoice.toFixed(3)} | ${(perInvoice / basePerInvoice).toFixed(1)}× |`,
    )
  } finally {
    await database.close()
    await postgres.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
