import { snippetFor, snippetForTagManager } from '@retainkit/widget/snippet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxSubscriber } from '../subscribers'
import { withNonce } from './html'
import { SCENARIOS } from './scenarios'
import { type SandboxSite, startSandboxSite } from './server'
import { ensureSpaBuilt } from './spa-build'

/** The merchant site's pages and backend over HTTP, without Retainkit (the browser suites do that). */

const subscriber = (key: string, n: number): SandboxSubscriber => ({
  key,
  name: `Person ${n}`,
  customerId: `cus_Test${n}`,
  subscriptionId: `sub_Test${n}`,
  plan: 'Pro',
  what: `What ${key} sees`,
})
const subscribers = [subscriber('monthly', 1), subscriber('paused', 2)]
const snippet = snippetFor({
  accountId: 'acct_site',
  loaderUrl: 'http://localhost:9/w/loader.js',
  mode: 'test',
})
const minted: string[] = []
let site: SandboxSite

beforeAll(async () => {
  await ensureSpaBuilt()
  site = await startSandboxSite({
    port: 0,
    retainkitUrl: 'http://localhost:9',
    accountId: 'acct_site',
    subscribers,
    snippet: (nonce) => withNonce(snippet, nonce),
    tagManagerTag: snippetForTagManager({
      accountId: 'acct_site',
      loaderUrl: 'http://localhost:9/w/loader.js',
      attach: { selector: '#cancel-subscription', tokenVariable: 'Retainkit token' },
    }),
    mintToken: (s) => {
      minted.push(s.customerId)
      return `token-for-${s.customerId}`
    },
  })
}, 60_000)

afterAll(() => site?.close())

const get = (path: string) => fetch(`${site.url}${path}`)
const count = (text: string, part: string) => text.split(part).length - 1

describe('the merchant backend', () => {
  it('mints a token for one of its customers only', async () => {
    const ok = await get('/token?customer=cus_Test2')
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ token: 'token-for-cus_Test2' })
    const unknown = await get('/token?customer=cus_Stranger')
    expect(unknown.status).toBe(404)
    expect(minted).toEqual(['cus_Test2'])
  })
})

describe('the pages', () => {
  it('the index lists every scenario and every subscriber', async () => {
    const html = await (await get('/')).text()
    for (const scenario of SCENARIOS) expect(html).toContain(`href="${scenario.path}"`)
    for (const s of subscribers) expect(html).toContain(s.customerId)
  })

  it('puts the snippet once on the account page, twice on the double page, never on the tag-manager page', async () => {
    expect(count(await (await get('/account')).text(), snippet)).toBe(1)
    expect(count(await (await get('/double-snippet')).text(), snippet)).toBe(2)
    const tagPage = await (await get('/tag-manager')).text()
    expect(count(tagPage, 'loader.js')).toBe(0)
    expect(tagPage).toContain('<script async src="/gtm.js?id=GTM-SANDBOX">')
    const container = await (await get('/gtm.js')).text()
    expect(container).toContain('#cancel-subscription')
    expect(container).toContain('{{Retainkit token}}')
  })

  it('renders the page for the subscriber picked, and the paused one by default on the banner page', async () => {
    expect(await (await get('/account?customer=cus_Test2')).text()).toContain('"cus_Test2"')
    expect(await (await get('/welcome-back')).text()).toContain('"cus_Test2"')
    expect(await (await get('/account')).text()).toContain('"cus_Test1"')
  })

  it('sends a strict CSP with a fresh nonce that every script and style of the page carries', async () => {
    const first = await get('/strict-csp')
    const policy = first.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? ''
    expect(nonce.length).toBeGreaterThanOrEqual(22)
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`)
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).toContain("connect-src 'self' http://localhost:9")
    const html = await first.text()
    const tags = html.match(/<(script|style)\b[^>]*>/g) ?? []
    expect(tags.length).toBeGreaterThanOrEqual(4)
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`)
    const again = (await get('/strict-csp')).headers.get('content-security-policy')
    expect(again).not.toBe(policy)
  })

  it('serves the React app for every client route, told where Retainkit is (it installs it itself: no snippet)', async () => {
    for (const path of ['/spa/', '/spa/billing', '/spa/team']) {
      const html = await (await get(path)).text()
      expect(count(html, snippet)).toBe(0)
      expect(html).not.toContain('loader.js')
      expect(html).toContain('"retainkit":{"accountId":"acct_site","serverUrl":"http://localhost:9"}')
      expect(html).toMatch(/<script type="module" crossorigin src="\/spa\/assets\/index-[\w-]+\.js">/)
    }
    const asset = /src="(\/spa\/assets\/[^"]+)"/.exec(await (await get('/spa/')).text())?.[1] ?? ''
    const script = await get(asset)
    expect(script.headers.get('content-type')).toContain('javascript')
  })
})
