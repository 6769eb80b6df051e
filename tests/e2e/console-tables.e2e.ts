import { fileURLToPath } from 'node:url'
import { createSubscriberToken } from '@retainkit/node'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeProblems } from '../support/axe'
import { recordCancelSessions } from '../support/console-helpers'
import { type ConsoleOwner, type StorageState, startConsoleOwner } from '../support/console-owner'
import type { Product } from '../support/product'
import { tableRoles, unlabelledTableValues } from '../support/table-labels'
import { overlappingText } from '../support/text-overlap'

/**
 * Every console table with rows in it, at a phone's 390 px and a laptop's 1280 px, in Chromium against
 * the real server: on the phone each row is a card whose every value carries its column's name (drawn,
 * and a table cell for screen readers, so they read its header too), every field in a table has a drawn
 * label (an experiment arm's weight), and nothing scrolls sideways or overlaps (issue 33, phone-first
 * details: experiment arms, history, sessions, webhook endpoints and deliveries, team, widget secrets).
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/tables/', import.meta.url))
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const

let owner: ConsoleOwner
let product: Product
let browser: Browser
let accountId: string
let storage: StorageState

async function seedEverything() {
  const { api } = owner
  const account = `/api/account?accountId=${accountId}&action=`
  const secret = await owner.createWidgetSecret()
  await recordCancelSessions(
    product,
    accountId,
    (customerId) =>
      createSubscriberToken({ accountId, customerId, mode: 'test', handles: ['offers', 'cancel'], secret }),
    [
      { reasonKey: 'too_expensive', outcome: 'cancel', feedback: 'Far too expensive' },
      { reasonKey: 'too_expensive', outcome: 'accept' },
      { reasonKey: 'missing_features', outcome: 'stay' },
    ],
  )
  // Two saved versions: the history has a difference to show.
  const config = (
    (await (await api(`${account}config`)).json()) as { data: { config_json: CancelFlowConfig } }
  ).data.config_json
  for (const headline of ['First words', 'Second words']) {
    config.copy.general.headline = headline
    expect((await api(`${account}config`, { method: 'PUT', body: { config_json: config } })).status).toBe(200)
  }
  const experiment = await api(`${account}experiments`, {
    body: {
      name: 'Discount depth',
      segment_id: null,
      allocation: 'fixed',
      holdout_percent: 10,
      arms: [
        { name: 'Arm A', weight: 45, config_json: config },
        { name: 'Arm B', weight: 55, config_json: config },
      ],
    },
  })
  expect(experiment.status).toBe(201)
  const invited = await api(`${account}members`, {
    body: { email: 'a.teammate@example.com', role: 'editor' },
  })
  expect(invited.status).toBe(201)
  const endpoint = await api(`/api/webhooks/${accountId}`, {
    body: { url: 'https://merchant.example/hooks', events: ['save.lost'], kind: 'generic' },
  })
  expect(endpoint.status).toBe(201)
  const endpointId = ((await endpoint.json()) as { data: { id: string } }).data.id
  const queued = await api(`/api/webhooks/${accountId}/endpoints/${endpointId}/test`, {
    body: { type: 'save.lost' },
  })
  expect(queued.status).toBeLessThan(300)
}

beforeAll(async () => {
  owner = await startConsoleOwner('tables-owner@example.com', { artifacts: ARTIFACTS })
  ;({ product, browser, storage, accountId } = owner)
  await seedEverything()
})

afterAll(() => owner?.stop())

/** Each page with a table, and the table's rows to wait for before measuring. */
const PAGES = [
  { name: 'experiments', path: '/settings/?tab=experiments', table: 'Results per arm of Discount depth' },
  { name: 'history', path: '/editor/history', table: null },
  { name: 'sessions', path: '/sessions/?mode=test', table: null },
  { name: 'webhooks', path: '/settings/?tab=webhooks', table: 'Recent deliveries' },
  { name: 'team', path: '/settings/?tab=team', table: 'Pending invitations' },
  { name: 'widget-secret', path: '/settings/?tab=widget-secret', table: 'Active widget secrets' },
] as const

describe.each(Object.entries(VIEWPORTS))('console tables at %s size', (size, viewport) => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await browser.newContext({ viewport, storageState: storage })
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  it.each(PAGES.map((entry) => [entry.name, entry] as const))(
    '%s: every value keeps its column name, every field a drawn label',
    async (name, entry) => {
      const separator = entry.path.includes('?') ? '&' : '?'
      await page.goto(`${product.url}${entry.path}${separator}account_id=${accountId}`)
      const table = entry.table ? page.getByRole('table', { name: entry.table }) : page.locator('main table')
      await table.first().locator('tbody tr').first().waitFor()
      await page.screenshot({
        path: `${ARTIFACTS}${name}-${size}.png`,
        fullPage: true,
        animations: 'disabled',
      })
      expect(await unlabelledTableValues(page)).toEqual([])
      const roles = await tableRoles(page)
      expect(roles).toContain('table')
      expect(roles.filter((role) => !['table', 'cell', 'rowheader'].includes(role))).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      expect(await overlappingText(page)).toEqual([])
      expect(await axeProblems(page)).toEqual([])
    },
  )
})
