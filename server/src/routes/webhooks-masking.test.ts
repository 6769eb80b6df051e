import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'

/**
 * An endpoint URL can itself be a credential: whoever knows a Slack incoming-webhook URL can post into
 * the channel, and a `?token=` in a URL authenticates whoever sends to it. Such parts are shown once, in
 * the answer to the credential manager who adds the endpoint, and masked in every listing after, for
 * every role — viewers and editors never see them at all.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const SLACK = 'https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdEFGHijklMNOPqrstUVWX'
const TOKEN = 'https://merchant.example/hooks/retainkit?token=s3cr3t-T0ken-value&team=7'
const USERINFO = 'https://hook:p4ssw0rd@merchant.example/in'
const PLAIN = 'https://merchant.example/hooks/retainkit'

describe('endpoint URLs that carry a credential', () => {
  it('are answered in full once, to the manager who adds them, and masked in every list', async () => {
    const { accountId, owner } = await t.createAccount()
    const add = async (url: string, kind: 'slack' | 'generic') => {
      const res = await t.request(`/api/webhooks/${accountId}`, {
        token: owner.token,
        body: { url, events: ['offer.accepted'], kind },
      })
      expect(res.status).toBe(201)
      return ((await res.json()) as { data: { url: string } }).data.url
    }
    expect(await add(SLACK, 'slack')).toBe(SLACK)
    expect(await add(TOKEN, 'generic')).toBe(TOKEN)
    expect(await add(USERINFO, 'generic')).toBe(USERINFO)
    expect(await add(PLAIN, 'generic')).toBe(PLAIN)

    const readers = [
      owner,
      await t.addMember(accountId, 'admin'),
      await t.addMember(accountId, 'editor'),
      await t.addMember(accountId, 'viewer'),
    ]
    for (const reader of readers) {
      const res = await t.request(`/api/webhooks/${accountId}`, { token: reader.token })
      expect(res.status).toBe(200)
      const text = await res.text()
      for (const secret of ['abcdEFGHijklMNOPqrstUVWX', 's3cr3t-T0ken-value', 'p4ssw0rd'])
        expect(text).not.toContain(secret)
      const urls = (JSON.parse(text) as { data: Array<{ url: string }> }).data.map((e) => e.url)
      expect(urls.sort()).toEqual(
        [
          'https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/****',
          'https://merchant.example/hooks/retainkit?token=****&team=****',
          'https://****@merchant.example/in',
          PLAIN,
        ].sort(),
      )
    }
  })
})
