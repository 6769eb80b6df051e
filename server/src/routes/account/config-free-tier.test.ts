import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'

/** A free account edits copy text and cancel reasons only; styling, flow, offers and banner stay default. */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}
const url = (accountId: string) => `/api/account?accountId=${accountId}&action=config`
const save = (accountId: string, token: string, config: unknown) =>
  t.request(url(accountId), { method: 'PUT', token, body: { config_json: config } })

const edited = (edit: (config: CancelFlowConfig) => void): CancelFlowConfig => {
  const config = createDefaultConfig()
  edit(config)
  return config
}

const versionCount = async (accountId: string) =>
  (await t.deps.db.selectFrom('flow_configs').select('version').where('account_id', '=', accountId).execute())
    .length

const STYLING = 'Custom styling is a Pro feature. Upgrade to Pro to change the theme.'
const FLOW = 'Custom flows are a Pro feature. Upgrade to Pro to change the cancellation flow.'
const offer = (label: string) => `Save offers are a Pro feature. Upgrade to Pro to change ${label}.`
const BANNER = 'Reactivation banners are a Pro feature. Upgrade to Pro to customise the reactivation banner.'

const REFUSED: [string, CancelFlowConfig, string, string][] = [
  [
    'a theme colour',
    edited((c) => Object.assign(c, { theme: { ...c.theme, primary_color: '#ff0000' } })),
    STYLING,
    'theme.primary_color',
  ],
  [
    'the border radius',
    edited((c) => Object.assign(c, { theme: { border_radius: 20 } })),
    STYLING,
    'theme.border_radius',
  ],
  [
    'the font',
    edited((c) => Object.assign(c, { theme: { font_family: 'Comic Sans MS' } })),
    STYLING,
    'theme.font_family',
  ],
  [
    'the flow steps',
    edited((c) =>
      Object.assign(c, {
        cancellation_flow: { steps: ['reason', 'confirm'], require_reason: true, collect_feedback: true },
      }),
    ),
    FLOW,
    'cancellation_flow',
  ],
  [
    'require_reason',
    edited((c) => Object.assign(c, { cancellation_flow: { ...c.cancellation_flow, require_reason: false } })),
    FLOW,
    'cancellation_flow',
  ],
  [
    'the discount amount',
    edited((c) => Object.assign(c.discount, { amount: 50 })),
    offer('the discount offer'),
    'discount',
  ],
  [
    'the discount switched off',
    edited((c) => Object.assign(c.discount, { enabled: false })),
    offer('the discount offer'),
    'discount',
  ],
  [
    'pause durations',
    edited((c) => Object.assign(c.pause, { durations: [6] })),
    offer('the pause offer'),
    'pause',
  ],
  [
    'a plan switch',
    edited((c) =>
      Object.assign(c, {
        plan_switch: { enabled: true, plans: [{ id: 'price_1', name: 'Basic', price: '$9' }] },
      }),
    ),
    offer('the plan switch offer'),
    'plan_switch',
  ],
  [
    'a billing-cycle switch',
    edited((c) =>
      Object.assign(c, {
        billing_cycle_switch: { enabled: true, redirect_template: 'https://shop.example/annual' },
      }),
    ),
    offer('the billing cycle switch offer'),
    'billing_cycle_switch',
  ],
  [
    'the reactivation banner',
    edited((c) =>
      Object.assign(c, { reactivation: { ...c.reactivation, enabled: true, winback_discount_percent: 50 } }),
    ),
    BANNER,
    'reactivation',
  ],
]

const ACCEPTED: [string, CancelFlowConfig][] = [
  ['the default as it is', createDefaultConfig()],
  [
    'copy text',
    edited((c) => Object.assign(c.copy.general, { headline: 'Leaving so soon?', cta_primary: 'Go on' })),
  ],
  [
    'feedback copy',
    edited((c) => Object.assign(c.copy.user_feedback.other, { placeholder: 'Anything else?' })),
  ],
  ['cancel reasons', edited((c) => Object.assign(c.copy, { cancel_reasons: ['too_expensive', 'other'] }))],
  ['no theme', edited((c) => Object.assign(c, { theme: undefined }))],
  ['no flow', edited((c) => Object.assign(c, { cancellation_flow: undefined }))],
  ['the default theme in capitals', edited((c) => Object.assign(c, { theme: { primary_color: '#4F46E5' } }))],
  [
    'the banner switched off',
    edited((c) => Object.assign(c, { reactivation: { ...c.reactivation, enabled: false, headline: 'Hi' } })),
  ],
  ['no banner', edited((c) => Object.assign(c, { reactivation: undefined }))],
  [
    'compliance switches',
    edited((c) => Object.assign(c, { compliance: { suppress_offers: true, suppress_offers_in: ['US-MN'] } })),
  ],
]

describe('PUT /api/account?action=config on the free tier', () => {
  for (const [what, config, message, field] of REFUSED) {
    it(`refuses ${what} with 422 naming the section, and stores nothing`, async () => {
      const { accountId, owner } = await t.createAccount({ tier: 'free' })
      const res = await save(accountId, owner.token, JSON.parse(JSON.stringify(config)))
      expect(res.status).toBe(422)
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'BUSINESS_RULE_VIOLATION',
        message,
        field: `config_json.${field}`,
      })
      expect(await versionCount(accountId)).toBe(0)
    })
  }

  it('accepts copy, reasons and everything left as the default has it', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    for (const [what, config] of ACCEPTED) {
      const res = await save(accountId, owner.token, JSON.parse(JSON.stringify(config)))
      expect(res.status, what).toBe(200)
    }
    expect(await versionCount(accountId)).toBe(ACCEPTED.length)
  })

  it('lets a Pro account save every one of those changes', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    for (const [what, config] of REFUSED) {
      expect((await save(accountId, owner.token, JSON.parse(JSON.stringify(config)))).status, what).toBe(200)
    }
  })

  it('lets an account downgraded from Pro edit copy while keeping its saved Pro settings, nothing more', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const proConfig = edited((c) => {
      Object.assign(c, { theme: { ...c.theme, primary_color: '#0f766e' } })
      Object.assign(c.discount, { amount: 40 })
    })
    expect((await save(accountId, owner.token, proConfig)).status).toBe(200)
    await t.deps.db.updateTable('accounts').set({ tier: 'free' }).where('id', '=', accountId).execute()
    const copyEdit = edited((c) => {
      Object.assign(c, { theme: { ...c.theme, primary_color: '#0f766e' } })
      Object.assign(c.discount, { amount: 40 })
      c.copy.general.headline = 'Still here?'
    })
    expect((await save(accountId, owner.token, copyEdit)).status).toBe(200)
    const moreStyling = edited((c) => {
      Object.assign(c, { theme: { ...c.theme, primary_color: '#b91c1c' } })
      Object.assign(c.discount, { amount: 40 })
    })
    const refused = await save(accountId, owner.token, moreStyling)
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as ErrorBody).error.field).toBe('config_json.theme.primary_color')
  })
})
