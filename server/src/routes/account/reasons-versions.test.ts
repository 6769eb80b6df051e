import type { CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'

/**
 * Reasons are saved on top of a version, like configs: a save made from a stale copy is refused with
 * 409 instead of silently deleting what another editor just added, and every version is kept.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ReasonsData {
  reasons: CancellationReason[]
  version: number
  updated_at: string | null
  previous_versions: { version: number; created_at: string; created_by_email: string | null }[]
}
const dataOf = async (res: Response) => ((await res.json()) as { data: ReasonsData }).data
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; field?: string } }).error
const url = (accountId: string, query = '') => `/api/account?accountId=${accountId}&action=reasons${query}`

const reason = (key: string, label = key): CancellationReason => ({
  key,
  label,
  feedback: 'any_reason',
  offer: 'none',
  enabled: true,
})

describe('reasons versions', () => {
  it('refuses a stale save with 409 and keeps the other editor’s new reason', async () => {
    const { accountId, owner } = await t.createAccount()
    const editor = await t.addMember(accountId, 'editor')
    // Both open the reasons: the defaults, version 0.
    const seenByOwner = await dataOf(await t.request(url(accountId), { token: owner.token }))
    const seenByEditor = await dataOf(await t.request(url(accountId), { token: editor.token }))
    expect(seenByOwner.version).toBe(0)
    expect(seenByEditor.version).toBe(0)

    const added = [...seenByOwner.reasons, reason('new_reason', 'A new reason')]
    const first = await t.request(url(accountId, '&base_version=0'), {
      token: owner.token,
      body: { reasons: added },
    })
    expect(first.status).toBe(200)
    expect((await dataOf(first)).version).toBe(1)

    const stale = await t.request(url(accountId, `&base_version=${seenByEditor.version}`), {
      token: editor.token,
      body: { reasons: seenByEditor.reasons.slice(1) },
    })
    expect(stale.status).toBe(409)
    expect(await errorOf(stale)).toEqual({
      code: 'CONSTRAINT_VIOLATION',
      message: 'These reasons were changed by someone else (now version 1). Reload them before saving.',
      field: 'base_version',
    })
    const now = await dataOf(await t.request(url(accountId), { token: editor.token }))
    expect(now.reasons).toEqual(added)
    expect(now.version).toBe(1)
  })

  it('lets exactly one of many parallel saves on the same version through', async () => {
    const { accountId, owner } = await t.createAccount()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request(url(accountId, '&base_version=0'), {
          token: owner.token,
          body: { reasons: [reason(`r${i}`)] },
        }),
      ),
    )
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    const rows = await t.deps.db
      .selectFrom('cancellation_reason_versions')
      .select('version')
      .where('account_id', '=', accountId)
      .execute()
    expect(rows).toEqual([{ version: 1 }])
  })

  it('keeps every version in history, readable with &version=', async () => {
    const { accountId, owner } = await t.createAccount()
    for (const [base, key] of [
      [0, 'one'],
      [1, 'two'],
      [2, 'three'],
    ] as const) {
      const res = await t.request(url(accountId, `&base_version=${base}`), {
        token: owner.token,
        body: { reasons: [reason(key)] },
      })
      expect(res.status).toBe(200)
    }
    const current = await dataOf(await t.request(url(accountId), { token: owner.token }))
    expect(current.version).toBe(3)
    expect(current.previous_versions.map((v) => v.version)).toEqual([2, 1])
    expect(current.previous_versions[0]?.created_by_email).toBe(owner.email)
    const first = await dataOf(await t.request(url(accountId, '&version=1'), { token: owner.token }))
    expect(first.reasons).toEqual([reason('one')])
    expect(first.version).toBe(1)
    const missing = await t.request(url(accountId, '&version=9'), { token: owner.token })
    expect(missing.status).toBe(404)
    // A save without base_version (older API clients) still goes through, as a new version.
    const blind = await t.request(url(accountId), {
      token: owner.token,
      body: { reasons: createDefaultReasons() },
    })
    expect((await dataOf(blind)).version).toBe(4)
  })
})
