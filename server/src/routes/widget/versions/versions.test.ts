import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WIDGET_CONTRACT_OLDEST, WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../../test/support/harness'
import { REPO_ROOT } from '../../../bootstrap'
import { errorOf, startSession, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from '../testing'
import { adaptAnswer, upgradeRequest } from './adapt'
import { type ChangeTable, SUPPORTED_VERSIONS, VERSION_CHANGES } from './changes'

/**
 * The widget API's contract versions: every version of the support window is answered (a widget states
 * its own as `v`; none is version 1, the widget from before versioning), a malformed one is refused,
 * a newer one is answered as this server's; and the previous releases' bundles stay served under /w/.
 */

let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
})
afterAll(() => t.close())

describe('the support window', () => {
  it('has one recorded change per version above the oldest answered', () => {
    expect(Object.keys(VERSION_CHANGES).map(Number)).toEqual(
      Array.from(
        { length: WIDGET_CONTRACT_VERSION - WIDGET_CONTRACT_OLDEST },
        (_, i) => WIDGET_CONTRACT_OLDEST + 1 + i,
      ),
    )
    expect(SUPPORTED_VERSIONS[0]).toBe(WIDGET_CONTRACT_OLDEST)
    expect(SUPPORTED_VERSIONS.at(-1)).toBe(WIDGET_CONTRACT_VERSION)
  })

  it('keeps an archived release for every older version it answers', () => {
    for (const version of SUPPORTED_VERSIONS.filter((v) => v < WIDGET_CONTRACT_VERSION)) {
      const manifest = JSON.parse(
        readFileSync(join(REPO_ROOT, 'widget/releases', String(version), 'release.json'), 'utf8'),
      ) as { contract: number; bundle: string }
      expect(manifest.contract).toBe(version)
      expect(
        readFileSync(join(REPO_ROOT, 'widget/releases', String(version), manifest.bundle)).length,
      ).toBeGreaterThan(0)
    }
  })
})

describe('the config read in each version', () => {
  const read = (query: string) => widgetCall(t, `/api/widget/config/${account.accountId}${query}`)

  it('answers every supported version, and a widget that states none, with a config it can draw', async () => {
    const answers = new Map<string, unknown>()
    for (const query of [
      '',
      ...SUPPORTED_VERSIONS.map((v) => `?v=${v}`),
      `?v=${WIDGET_CONTRACT_VERSION}&mode=test`,
    ]) {
      const res = await read(query)
      expect(res.status, query).toBe(200)
      answers.set(query, await res.json())
    }
    // No change so far alters the config: every version reads the same answer.
    expect(new Set([...answers.values()].map((answer) => JSON.stringify(answer))).size).toBe(1)
  })

  it('answers a newer widget (a rollback, a rolling deploy) as its own version', async () => {
    const res = await read(`?v=${WIDGET_CONTRACT_VERSION + 5}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(await (await read(`?v=${WIDGET_CONTRACT_VERSION}`)).json())
  })

  it.each(['0', 'abc', '1.5', '-1', '99999'])('refuses a malformed version (v=%s) with 400', async (v) => {
    const res = await read(`?v=${v}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'INVALID_INPUT' })
  })
})

describe('the other calls in each version', () => {
  const sessions = async () =>
    (
      await t.database.db
        .selectFrom('cancel_sessions')
        .select('id')
        .where('account_id', '=', account.accountId)
        .execute()
    ).length

  it.each(SUPPORTED_VERSIONS)('starts a session for a widget of version %i', async (version) => {
    const token = await tokenFor(t, account, `cus_versions${version}`, { mode: 'test' })
    const res = await widgetCall(t, `/api/widget/sessions?v=${version}`, { token, body: {} })
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body).toMatchObject({ fallback: false })
  })

  it('refuses a malformed version before anything runs', async () => {
    const token = await tokenFor(t, account, 'cus_versionsbad', { mode: 'test' })
    const before = await sessions()
    const res = await widgetCall(t, '/api/widget/sessions?v=x', { token, body: {} })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'INVALID_INPUT' })
    expect(await sessions()).toBe(before)
    expect((await startSession(t, token)).status).toBe(201)
    expect(await sessions()).toBe(before + 1)
  })
})

describe('adapting answers and requests across versions', () => {
  // A made-up history: version 2 renamed `title` to `heading`, version 3 moved `heading` into `words`.
  const table: ChangeTable = {
    newest: 3,
    changes: {
      2: {
        summary: 'title → heading',
        answers: {
          'GET /api/widget/config/{accountId}': (a) => {
            const { heading, ...rest } = a as { heading: string }
            return { ...rest, title: heading }
          },
        },
        requests: {
          'POST /api/widget/sessions': (b) => {
            const { title, ...rest } = b as { title: string }
            return { ...rest, heading: title }
          },
        },
      },
      3: {
        summary: 'heading → words.heading',
        answers: {
          'GET /api/widget/config/{accountId}': (a) => {
            const { words, ...rest } = a as { words: { heading: string } }
            return { ...rest, heading: words.heading }
          },
        },
        requests: {
          'POST /api/widget/sessions': (b) => {
            const { heading, ...rest } = b as { heading: string }
            return { ...rest, words: { heading } }
          },
        },
      },
    },
  }
  const call = 'GET /api/widget/config/{accountId}' as const

  it('walks an answer down newest change first, and a request up oldest first', () => {
    const answer = { words: { heading: 'Before you go' }, keep: 1 }
    expect(adaptAnswer(call, answer, 3, undefined, table)).toBe(answer)
    expect(adaptAnswer(call, answer, 2, undefined, table)).toEqual({ heading: 'Before you go', keep: 1 })
    expect(adaptAnswer(call, answer, 1, undefined, table)).toEqual({ title: 'Before you go', keep: 1 })
    expect(upgradeRequest('POST /api/widget/sessions', { title: 'Hi', keep: 1 }, 1, table)).toEqual({
      words: { heading: 'Hi' },
      keep: 1,
    })
  })

  it('names an older release’s own chunk where the answer names this build’s', () => {
    const answer = { chunk: 'https://rk.example/w/offer-extra.0123abcd.js', other: '/w/loader.js' }
    const rewrite = (url: string, version: number) =>
      version === 1 ? url.replace('0123abcd', 'feedbeef') : null
    expect(
      adaptAnswer(call, answer, 1, rewrite, { newest: 2, changes: { 2: { summary: 'chunks only' } } }),
    ).toEqual({
      chunk: 'https://rk.example/w/offer-extra.feedbeef.js',
      other: '/w/loader.js',
    })
  })
})
