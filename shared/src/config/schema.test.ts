import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { createDefaultConfig } from './default-config'
import {
  cancelFlowConfigSchema,
  cancellationFlowSchema,
  cancellationReasonSchema,
  cancellationReasonsSchema,
  complianceSchema,
  planSchema,
  reasonsPayloadSchema,
  themeSchema,
} from './schema'

/** `[path, message]` of every issue, or `[]` when the value is valid. */
function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

/** The default config with `value` written at a dotted path (intermediate objects created). */
function configWith(path: string, value: unknown): unknown {
  const config = createDefaultConfig() as unknown as Record<string, unknown>
  const keys = path.split('.')
  let node = config
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {}
    node = node[key] as Record<string, unknown>
  }
  node[keys.at(-1) as string] = value
  return config
}

const configIssues = (path: string, value: unknown) => issues(cancelFlowConfigSchema, configWith(path, value))
const text = (length: number) => 'x'.repeat(length)

const FEEDBACK = ['any_reason', 'switched_competitor', 'bad_experience', 'other'].map(
  (c) => `copy.user_feedback.${c}`,
)
const OFFER_SCREENS = ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'].map((o) => `copy.${o}`)
const SUCCESS = ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'].map((o) => `copy.success.${o}`)
const HEADED = ['copy.general', 'copy.final', ...FEEDBACK, ...OFFER_SCREENS, ...SUCCESS, 'reactivation']
const WITH_CTAS = ['copy.general', ...FEEDBACK, ...OFFER_SCREENS, 'reactivation']
const DROPDOWN_SCREENS = ['copy.pause', 'copy.plan_switch', 'copy.billing_cycle_switch']
const REDIRECTS = ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'].map(
  (o) => `${o}.redirect_template`,
)

describe('configuration schema: text lengths', () => {
  it.each(HEADED)('%s.headline: 200 characters pass, 201 give "Headline too long"', (screen) => {
    expect(configIssues(`${screen}.headline`, text(200))).toEqual([])
    expect(configIssues(`${screen}.headline`, text(201))).toEqual([
      [`${screen}.headline`, 'Headline too long'],
    ])
  })

  it.each(HEADED)('%s.subheadline: 500 pass, 501 give "Subheadline too long"', (screen) => {
    expect(configIssues(`${screen}.subheadline`, text(500))).toEqual([])
    expect(configIssues(`${screen}.subheadline`, text(501))).toEqual([
      [`${screen}.subheadline`, 'Subheadline too long'],
    ])
  })

  it.each(WITH_CTAS)('%s CTAs: 50 pass, 51 give "CTA text too long"', (screen) => {
    for (const cta of ['cta_primary', 'cta_secondary']) {
      expect(configIssues(`${screen}.${cta}`, text(50))).toEqual([])
      expect(configIssues(`${screen}.${cta}`, text(51))).toEqual([[`${screen}.${cta}`, 'CTA text too long']])
    }
  })

  it.each(FEEDBACK)('%s.placeholder: 150 pass, 151 give "Placeholder text too long"', (screen) => {
    expect(configIssues(`${screen}.placeholder`, text(150))).toEqual([])
    expect(configIssues(`${screen}.placeholder`, text(151))).toEqual([
      [`${screen}.placeholder`, 'Placeholder text too long'],
    ])
  })

  it.each(DROPDOWN_SCREENS)('%s.dropdown_label: 100 pass, 101 give "Dropdown label too long"', (screen) => {
    expect(configIssues(`${screen}.dropdown_label`, text(100))).toEqual([])
    expect(configIssues(`${screen}.dropdown_label`, text(101))).toEqual([
      [`${screen}.dropdown_label`, 'Dropdown label too long'],
    ])
  })

  it('promo code: 50 pass, 51 give "Promo code too long"', () => {
    expect(configIssues('discount.promo_code', text(50))).toEqual([])
    expect(configIssues('discount.promo_code', text(51))).toEqual([
      ['discount.promo_code', 'Promo code too long'],
    ])
  })

  it('font family: 100 pass, 101 give "Font family too long"', () => {
    expect(configIssues('theme.font_family', text(100))).toEqual([])
    expect(configIssues('theme.font_family', text(101))).toEqual([
      ['theme.font_family', 'Font family too long'],
    ])
  })
})

describe('configuration schema: plans', () => {
  const plan = { id: 'price_123', name: 'Basic', price: '$14.99/month' }

  it('plan id is required: "Plan ID is required" when missing or empty', () => {
    expect(issues(planSchema, plan)).toEqual([])
    expect(issues(planSchema, { name: plan.name, price: plan.price })).toEqual([
      ['id', 'Plan ID is required'],
    ])
    expect(issues(planSchema, { ...plan, id: '' })).toEqual([['id', 'Plan ID is required']])
  })

  it('plan name is 1-100: "Plan name is required" / "Plan name too long"', () => {
    expect(issues(planSchema, { ...plan, name: text(1) })).toEqual([])
    expect(issues(planSchema, { ...plan, name: text(100) })).toEqual([])
    expect(issues(planSchema, { ...plan, name: '' })).toEqual([['name', 'Plan name is required']])
    expect(issues(planSchema, { id: plan.id, price: plan.price })).toEqual([
      ['name', 'Plan name is required'],
    ])
    expect(issues(planSchema, { ...plan, name: text(101) })).toEqual([['name', 'Plan name too long']])
  })

  it('plan price is 1-50: "Plan price is required" / "Plan price too long"', () => {
    expect(issues(planSchema, { ...plan, price: text(1) })).toEqual([])
    expect(issues(planSchema, { ...plan, price: text(50) })).toEqual([])
    expect(issues(planSchema, { ...plan, price: '' })).toEqual([['price', 'Plan price is required']])
    expect(issues(planSchema, { id: plan.id, name: plan.name })).toEqual([
      ['price', 'Plan price is required'],
    ])
    expect(issues(planSchema, { ...plan, price: text(51) })).toEqual([['price', 'Plan price too long']])
  })

  it.each(['plan_switch', 'billing_cycle_switch'])(
    '%s.plans: at least one ("At least one plan required")',
    (o) => {
      expect(configIssues(`${o}.plans`, [plan])).toEqual([])
      expect(configIssues(`${o}.plans`, [])).toEqual([[`${o}.plans`, 'At least one plan required']])
    },
  )

  it('plan rules apply inside a config too', () => {
    expect(configIssues('plan_switch.plans', [{ ...plan, name: text(101) }])).toEqual([
      ['plan_switch.plans.0.name', 'Plan name too long'],
    ])
  })
})

describe('configuration schema: numbers', () => {
  it.each([
    'discount.amount',
    'discount.duration',
    'reactivation.winback_discount_percent',
    'reactivation.winback_discount_months',
  ])('%s must be positive: 1 passes, 0 and -1 give "Must be a positive number"', (path) => {
    expect(configIssues(path, 1)).toEqual([])
    expect(configIssues(path, 0)).toEqual([[path, 'Must be a positive number']])
    expect(configIssues(path, -1)).toEqual([[path, 'Must be a positive number']])
  })

  it('pause durations are positive numbers', () => {
    expect(configIssues('pause.durations', [1])).toEqual([])
    expect(configIssues('pause.durations', [1, 0])).toEqual([
      ['pause.durations.1', 'Must be a positive number'],
    ])
    expect(configIssues('pause.durations', [-1])).toEqual([
      ['pause.durations.0', 'Must be a positive number'],
    ])
  })

  it('pause durations: at least one ("At least one duration required")', () => {
    expect(configIssues('pause.durations', [])).toEqual([
      ['pause.durations', 'At least one duration required'],
    ])
  })

  it('border radius >= 0: 0 passes, -1 gives "Must be 0 or greater"', () => {
    expect(configIssues('theme.border_radius', 0)).toEqual([])
    expect(configIssues('theme.border_radius', -1)).toEqual([['theme.border_radius', 'Must be 0 or greater']])
    expect(issues(themeSchema, { border_radius: -0.5 })).toEqual([['border_radius', 'Must be 0 or greater']])
  })
})

describe('configuration schema: colours', () => {
  const colours = ['primary_color', 'secondary_color', 'background_color', 'text_color']

  it.each(colours)('theme.%s accepts 3 and 6 hex digits', (field) => {
    for (const ok of ['#fff', '#FFF', '#a1b2c3', '#A1B2C3'])
      expect(issues(themeSchema, { [field]: ok })).toEqual([])
  })

  it.each(colours)('theme.%s rejects 2/4/5/7 digits and non-hex with "Invalid hex color format"', (field) => {
    for (const bad of ['#ff', '#ffff', '#fffff', '#fffffff', '#ggg', '#12345g', 'fff', 'red', '']) {
      expect(issues(themeSchema, { [field]: bad })).toEqual([[field, 'Invalid hex color format']])
    }
  })
})

describe('configuration schema: redirect URLs', () => {
  it.each(REDIRECTS)('%s accepts http and https URLs, with {placeholders}', (path) => {
    expect(configIssues(path, 'https://shop.example.com/offer?customer={customer_id}')).toEqual([])
    expect(configIssues(path, 'http://localhost:3000/pause')).toEqual([])
  })

  it.each(REDIRECTS)('%s: something that is not a URL gives "Invalid URL format"', (path) => {
    for (const bad of ['not a url', '/relative/path', 'example.com/offer', '']) {
      expect(configIssues(path, bad)).toEqual([[path, 'Invalid URL format']])
    }
  })

  it.each(REDIRECTS)('%s: ftp: and javascript: give "URL must use http or https protocol"', (path) => {
    for (const bad of ['ftp://files.example.com/offer', 'javascript:alert(1)', 'data:text/html,hi']) {
      expect(configIssues(path, bad)).toEqual([[path, 'URL must use http or https protocol']])
    }
  })
})

describe('configuration schema: cancellation flow and sections', () => {
  it('steps: at least one ("At least one step required")', () => {
    const flow = { steps: ['reason'], require_reason: true, collect_feedback: false }
    expect(issues(cancellationFlowSchema, flow)).toEqual([])
    expect(issues(cancellationFlowSchema, { ...flow, steps: [] })).toEqual([
      ['steps', 'At least one step required'],
    ])
  })

  it('steps must be known step names', () => {
    const flow = { steps: ['reason', 'survey'], require_reason: true, collect_feedback: false }
    expect(issues(cancellationFlowSchema, flow)).toEqual([
      ['steps.1', 'Unknown step: use reason, feedback, offer or confirm'],
    ])
  })

  it('copy, discount, pause, plan_switch and billing_cycle_switch are required; theme and flow optional', () => {
    for (const section of ['copy', 'discount', 'pause', 'plan_switch', 'billing_cycle_switch']) {
      const config = createDefaultConfig() as unknown as Record<string, unknown>
      delete config[section]
      expect(issues(cancelFlowConfigSchema, config).map(([path]) => path)).toEqual([section])
    }
    const config = createDefaultConfig()
    delete config.theme
    delete config.cancellation_flow
    expect(issues(cancelFlowConfigSchema, config)).toEqual([])
  })

  it('rejects unknown keys so a misspelt setting is reported rather than dropped', () => {
    expect(configIssues('discount.ammount', 10).map(([, message]) => message)).toHaveLength(1)
    expect(configIssues('discount.ammount', 10)[0]?.[0]).toBe('discount')
  })

  it('compliance regions are ISO country or region codes', () => {
    expect(issues(complianceSchema, { suppress_offers: false, suppress_offers_in: ['US-MN', 'DE'] })).toEqual(
      [],
    )
    expect(issues(complianceSchema, { suppress_offers: false, suppress_offers_in: ['Minnesota'] })).toEqual([
      ['suppress_offers_in.0', 'Use an ISO country or region code, e.g. US-MN'],
    ])
  })
})

describe('cancellation reasons', () => {
  const reason = {
    key: 'too_expensive',
    label: 'Too expensive',
    feedback: 'any_reason',
    offer: 'discount',
    enabled: true,
  }

  it('accepts a well-formed reason', () => {
    expect(issues(cancellationReasonSchema, reason)).toEqual([])
  })

  it('key: required, at most 50, lowercase letters, digits and underscores', () => {
    expect(issues(cancellationReasonSchema, { ...reason, key: text(50) })).toEqual([])
    expect(issues(cancellationReasonSchema, { ...reason, key: '' })).toEqual([
      ['key', 'Reason key is required'],
      ['key', 'Reason key can only contain lowercase letters, numbers and underscores'],
    ])
    expect(issues(cancellationReasonSchema, { ...reason, key: text(51) })).toEqual([
      ['key', 'Reason key too long'],
    ])
    expect(issues(cancellationReasonSchema, { ...reason, key: 'Too-Expensive' })).toEqual([
      ['key', 'Reason key can only contain lowercase letters, numbers and underscores'],
    ])
  })

  it('label: required after trimming, at most 100', () => {
    expect(issues(cancellationReasonSchema, { ...reason, label: text(100) })).toEqual([])
    expect(issues(cancellationReasonSchema, { ...reason, label: '   ' })).toEqual([
      ['label', 'Reason label is required'],
    ])
    expect(issues(cancellationReasonSchema, { ...reason, label: text(101) })).toEqual([
      ['label', 'Reason label too long'],
    ])
  })

  it('feedback and offer come from the closed vocabularies', () => {
    expect(issues(cancellationReasonSchema, { ...reason, offer: 'none', feedback: 'other' })).toEqual([])
    expect(issues(cancellationReasonSchema, { ...reason, offer: 'free_month' }).map(([p]) => p)).toEqual([
      'offer',
    ])
    expect(issues(cancellationReasonSchema, { ...reason, feedback: 'angry' }).map(([p]) => p)).toEqual([
      'feedback',
    ])
  })

  it('list: 1 to 20 reasons with unique keys', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...reason, key: `reason_${i}` }))
    expect(issues(cancellationReasonsSchema, many(1))).toEqual([])
    expect(issues(cancellationReasonsSchema, many(20))).toEqual([])
    expect(issues(cancellationReasonsSchema, [])).toEqual([['', 'At least one reason required']])
    expect(issues(cancellationReasonsSchema, many(21))).toEqual([['', 'At most 20 reasons']])
    expect(issues(cancellationReasonsSchema, [reason, { ...reason, label: 'Again' }])).toEqual([
      ['', 'Reason keys must be unique'],
    ])
  })

  it('the reasons payload wraps the list', () => {
    expect(issues(reasonsPayloadSchema, { reasons: [reason] })).toEqual([])
    expect(issues(reasonsPayloadSchema, { reasons: [] })).toEqual([
      ['reasons', 'At least one reason required'],
    ])
  })
})
