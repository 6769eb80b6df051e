import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { errorOf, mintToken, widgetCall } from '../widget/testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const path = (accountId: string, extra = '') =>
  `/api/account?accountId=${accountId}&action=widget-secret${extra}`

interface Created {
  id: string
  secret: string
  mode: 'live' | 'test'
  created_at: string
}

async function create(accountId: string, token: string, mode?: 'live' | 'test'): Promise<Created> {
  const res = await t.request(path(accountId), { method: 'POST', token, ...(mode ? { body: { mode } } : {}) })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: Created }).data
}

async function list(accountId: string, token: string) {
  const res = await t.request(path(accountId), { token })
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      data: { id: string; hint: string; created_at: string; last_used_at: string | null }[]
    }
  ).data
}

describe('POST widget-secret', () => {
  it('creates an rkws_ secret of 32 random bytes, returned once and stored encrypted', async () => {
    const { accountId, owner } = await t.createAccount()
    const created = await create(accountId, owner.token)
    expect(created.secret).toMatch(/^rkws_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(created.secret.slice(5), 'base64url')).toHaveLength(32)
    expect(created.id).toMatch(/^wsk_/)
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false)

    const row = await t.database.db
      .selectFrom('widget_secrets')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.secret_ciphertext).not.toContain(created.secret.slice(5))
    expect(t.deps.secrets.decrypt(row.secret_ciphertext)).toBe(created.secret)
    expect(t.logger.lines.join('\n')).not.toContain(created.secret)
  })

  it('keeps at most two active: a third revokes the oldest', async () => {
    const { accountId, owner } = await t.createAccount()
    const first = await create(accountId, owner.token)
    const second = await create(accountId, owner.token)
    expect((await list(accountId, owner.token)).map((s) => s.id).sort()).toEqual([first.id, second.id].sort())
    const third = await create(accountId, owner.token)
    const active = await list(accountId, owner.token)
    expect(active.map((s) => s.id).sort()).toEqual([second.id, third.id].sort())
    const revoked = await t.database.db
      .selectFrom('widget_secrets')
      .select('revoked_at')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(revoked.revoked_at).not.toBeNull()

    // The retired secret no longer signs valid tokens; the two active ones do.
    const claims = { iss: accountId, sub: 'cus_123' }
    const call = async (secret: string) =>
      (await widgetCall(t, '/api/widget/sessions', { token: await mintToken(t, secret, claims), body: {} }))
        .status
    expect(await call(first.secret)).toBe(401)
    expect(await call(second.secret)).toBe(201)
    expect(await call(third.secret)).toBe(201)
  })

  it('creates test-mode secrets (rkws_test_…) on request, rotated apart from the live ones', async () => {
    const { accountId, owner } = await t.createAccount()
    const live = await create(accountId, owner.token)
    expect(live.mode).toBe('live')
    const tests = [
      await create(accountId, owner.token, 'test'),
      await create(accountId, owner.token, 'test'),
      await create(accountId, owner.token, 'test'),
    ]
    for (const secret of tests) {
      expect(secret.mode).toBe('test')
      expect(secret.secret).toMatch(/^rkws_test_[A-Za-z0-9_-]{43}$/)
    }
    // A third test secret retires the oldest test secret, never the live one.
    const active = await list(accountId, owner.token)
    expect(active.map((s) => s.id).sort()).toEqual([live.id, tests[1]?.id, tests[2]?.id].sort())
    expect(active.find((s) => s.id === tests[2]?.id)?.hint).toBe(`rkws_test_…${tests[2]?.secret.slice(-4)}`)
    const bad = await t.request(path(accountId), {
      method: 'POST',
      token: owner.token,
      body: { mode: 'prod' },
    })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe("Mode must be 'live' or 'test'")
  })

  it('needs canManageWidgetSecret: editors and viewers get 403, strangers 403', async () => {
    const { accountId } = await t.createAccount()
    for (const role of ['editor', 'viewer'] as const) {
      const member = await t.addMember(accountId, role)
      for (const method of ['POST', 'GET', 'DELETE']) {
        const res = await t.request(path(accountId, '&secretId=wsk_x'), { method, token: member.token })
        expect(res.status).toBe(403)
        expect((await errorOf(res)).code).toBe('INSUFFICIENT_PERMISSIONS')
      }
    }
    const stranger = await t.signIn()
    const res = await t.request(path(accountId), { method: 'POST', token: stranger.token })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
  })

  it('lets an admin manage secrets', async () => {
    const { accountId } = await t.createAccount()
    const admin = await t.addMember(accountId, 'admin')
    await create(accountId, admin.token)
  })
})

describe('GET widget-secret', () => {
  it('lists active secrets with a hint and last use, never the secret', async () => {
    const { accountId, owner } = await t.createAccount()
    const created = await create(accountId, owner.token)
    const res = await t.request(path(accountId), { token: owner.token })
    const text = await res.text()
    expect(text).not.toContain(created.secret)
    const [item] = (JSON.parse(text) as { data: Record<string, unknown>[] }).data
    expect(item).toEqual({
      id: created.id,
      hint: `rkws_…${created.secret.slice(-4)}`,
      mode: 'live',
      created_at: created.created_at,
      last_used_at: null,
    })
  })

  it('shows when a secret last verified a token', async () => {
    const { accountId, owner } = await t.createAccount()
    const created = await create(accountId, owner.token)
    const token = await mintToken(t, created.secret, { iss: accountId, sub: 'cus_123' })
    expect((await widgetCall(t, '/api/widget/sessions', { token, body: {} })).status).toBe(201)
    const [item] = await list(accountId, owner.token)
    expect(item?.last_used_at).toBe(t.clock.now().toISOString())
  })
})

describe('DELETE widget-secret', () => {
  it('revokes one secret; its tokens stop working at once', async () => {
    const { accountId, owner } = await t.createAccount()
    const created = await create(accountId, owner.token)
    const token = await mintToken(t, created.secret, { iss: accountId, sub: 'cus_123' })
    const res = await t.request(path(accountId, `&secretId=${created.id}`), {
      method: 'DELETE',
      token: owner.token,
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: { id: string } }).data.id).toBe(created.id)
    expect(await list(accountId, owner.token)).toEqual([])
    expect((await widgetCall(t, '/api/widget/sessions', { token, body: {} })).status).toBe(401)
  })

  it('answers 404 for an unknown or already revoked secret, 400 without a valid id', async () => {
    const { accountId, owner } = await t.createAccount()
    const created = await create(accountId, owner.token)
    await t.request(path(accountId, `&secretId=${created.id}`), { method: 'DELETE', token: owner.token })
    const again = await t.request(path(accountId, `&secretId=${created.id}`), {
      method: 'DELETE',
      token: owner.token,
    })
    expect(again.status).toBe(404)
    const missing = await t.request(path(accountId), { method: 'DELETE', token: owner.token })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).field).toBe('secretId')
    const bad = await t.request(path(accountId, '&secretId=<script>'), {
      method: 'DELETE',
      token: owner.token,
    })
    expect(bad.status).toBe(400)
  })

  it("cannot revoke another account's secret", async () => {
    const a = await t.createAccount()
    const b = await t.createAccount()
    const secretOfB = await create(b.accountId, b.owner.token)
    const res = await t.request(path(a.accountId, `&secretId=${secretOfB.id}`), {
      method: 'DELETE',
      token: a.owner.token,
    })
    expect(res.status).toBe(404)
    expect(await list(b.accountId, b.owner.token)).toHaveLength(1)
  })
})
