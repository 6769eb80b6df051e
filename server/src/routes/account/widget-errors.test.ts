import { WIDGET_ERRORS_KEPT } from '@retainkit/shared/getting-live'
import type { WidgetError } from '@retainkit/shared/schemas'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { recordWidgetError } from '../../services/widget/widget-errors'
import { mintToken, startSession, tokenFor, widgetAccount, widgetCall } from '../widget/testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

async function errorsOf(accountId: string, token: string): Promise<WidgetError[]> {
  const res = await t.request(`/api/account?accountId=${accountId}&action=widget-errors`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { errors: WidgetError[] } }).data.errors
}

const kinds = (errors: readonly WidgetError[]) => errors.map((error) => `${error.kind} ${error.detail}`)

describe('widget errors on the Install page', () => {
  it('records each refusal kind for the account, deduplicated with a count and when it was last seen', async () => {
    const account = await widgetAccount(t, { domain: 'errors.example', stripe: false })
    const { accountId, ownerToken } = account
    expect(await errorsOf(accountId, ownerToken)).toEqual([])

    // An origin the account does not allow, twice: one row, counted twice.
    const live = await tokenFor(t, account, 'cus_errors1')
    for (let i = 0; i < 2; i += 1) {
      const res = await widgetCall(t, '/api/widget/sessions', {
        token: live,
        body: {},
        headers: { origin: 'https://elsewhere.example' },
      })
      expect(res.status).toBe(403)
    }
    // A live token on localhost: the test site's origin, the wrong mode.
    const wrongMode = await widgetCall(t, '/api/widget/sessions', {
      token: live,
      body: {},
      headers: { origin: 'http://localhost:5173' },
    })
    expect(wrongMode.status).toBe(403)
    // A token that expired, and one signed with a secret that is not the account's.
    const issuedLongAgo = Math.floor(t.clock.now().getTime() / 1000) - 3600
    const expired = await mintToken(t, account.secret, {
      iss: accountId,
      sub: 'cus_errors2',
      iat: issuedLongAgo,
      exp: issuedLongAgo + 60,
    })
    expect((await startSession(t, expired)).status).toBe(401)
    const forged = await mintToken(t, 'not-the-accounts-secret-0123456789', { iss: accountId, sub: 'cus_x' })
    expect((await startSession(t, forged)).status).toBe(401)

    await vi.waitFor(async () => expect(await errorsOf(accountId, ownerToken)).toHaveLength(4), {
      timeout: 3000,
    })
    const errors = await errorsOf(accountId, ownerToken)
    expect(kinds(errors).sort()).toEqual([
      'expired_token ',
      'forged_token Subscriber token signature is invalid',
      'refused_origin https://elsewhere.example',
      'wrong_mode http://localhost:5173',
    ])
    expect(errors.find((error) => error.kind === 'refused_origin')?.count).toBe(2)
    expect(errors.find((error) => error.kind === 'expired_token')?.last_seen_at).toBe(
      t.clock.now().toISOString(),
    )
    // A viewer may read them; someone from another account may not.
    const viewer = await t.addMember(accountId, 'viewer')
    expect(await errorsOf(accountId, viewer.token)).toHaveLength(4)
    const stranger = await t.signIn()
    const refused = await t.request(`/api/account?accountId=${accountId}&action=widget-errors`, {
      token: stranger.token,
    })
    expect(refused.status).toBe(403)
  })

  it('records a config load from a page the account does not allow', async () => {
    const account = await widgetAccount(t, { domain: 'config-errors.example', stripe: false })
    const res = await widgetCall(t, `/api/widget/config/${account.accountId}`, {
      headers: { origin: 'https://not-the-shop.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    await vi.waitFor(async () =>
      expect(kinds(await errorsOf(account.accountId, account.ownerToken))).toEqual([
        'refused_origin https://not-the-shop.example',
      ]),
    )
  })

  it('records a session start past the Starter cap', async () => {
    const account = await widgetAccount(t, { tier: 'free', stripe: false })
    const at = t.clock.now()
    await t.database.db
      .insertInto('cancel_sessions')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          id: `cs_capped${i}_${Math.random().toString(36).slice(2, 10)}`,
          account_id: account.accountId,
          customer_id: `cus_capped${i}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute()
    const res = await startSession(t, await tokenFor(t, account, 'cus_over'))
    expect(res.body).toEqual({ fallback: true, reason: 'session_limit' })
    await vi.waitFor(async () =>
      expect(kinds(await errorsOf(account.accountId, account.ownerToken))).toEqual(['over_cap ']),
    )
  })

  it('counts twenty parallel refusals exactly and keeps only the newest errors per account', async () => {
    const account = await widgetAccount(t, { domain: 'flood.example', stripe: false })
    const forged = await mintToken(t, 'another-secret-entirely-0123456789', {
      iss: account.accountId,
      sub: 'cus_f',
    })
    await Promise.all(Array.from({ length: 20 }, () => startSession(t, forged)))
    await vi.waitFor(async () =>
      expect((await errorsOf(account.accountId, account.ownerToken))[0]?.count).toBe(20),
    )
    for (let i = 0; i < WIDGET_ERRORS_KEPT + 5; i += 1) {
      t.clock.advance(1000)
      await recordWidgetError(
        t.deps,
        account.accountId,
        'refused_origin',
        `https://o${i}.example`,
        t.clock.now(),
      )
    }
    const kept = await errorsOf(account.accountId, account.ownerToken)
    expect(kept).toHaveLength(WIDGET_ERRORS_KEPT)
    expect(kept[0]?.detail).toBe(`https://o${WIDGET_ERRORS_KEPT + 4}.example`)
    const rows = await t.database.db
      .selectFrom('widget_errors')
      .select('kind')
      .where('account_id', '=', account.accountId)
      .execute()
    expect(rows).toHaveLength(WIDGET_ERRORS_KEPT)
  })
})
