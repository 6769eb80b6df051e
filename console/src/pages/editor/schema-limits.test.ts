import { describe, expect, it } from 'vitest'
import { type COPY_FIELDS, COPY_SCREENS, copyLimit } from './copy-screens'
import { schemaMaxLength } from './schema-limits'

/** The schema's character limits, as the counters must show them. */
const SPEC_LIMITS: Record<(typeof COPY_FIELDS)[number], number> = {
  headline: 200,
  subheadline: 500,
  cta_primary: 50,
  cta_secondary: 50,
  placeholder: 150,
  dropdown_label: 100,
}

describe('editor character limits', () => {
  it('match the schema for every field of every copy screen', () => {
    for (const screen of COPY_SCREENS) {
      for (const field of screen.fields) {
        expect(copyLimit(`${screen.path}.${field}`), `${screen.path}.${field}`).toBe(SPEC_LIMITS[field])
      }
    }
  })

  it('cover every screen of config_json.copy', () => {
    expect(COPY_SCREENS.map((screen) => screen.path).sort()).toEqual(
      [
        'copy.general',
        'copy.final',
        'copy.user_feedback.any_reason',
        'copy.user_feedback.switched_competitor',
        'copy.user_feedback.bad_experience',
        'copy.user_feedback.other',
        'copy.discount',
        'copy.pause',
        'copy.plan_switch',
        'copy.billing_cycle_switch',
        'copy.success.discount',
        'copy.success.pause',
        'copy.success.plan_switch',
        'copy.success.billing_cycle_switch',
        'copy.trial_extension',
        'copy.talk_to_us',
        'copy.success.trial_extension',
        'copy.success.talk_to_us',
      ].sort(),
    )
  })

  it('reads limits through optional sections and arrays', () => {
    expect(schemaMaxLength('theme.font_family')).toBe(100)
    expect(schemaMaxLength('discount.promo_code')).toBe(50)
    expect(schemaMaxLength('plan_switch.plans.3.name')).toBe(100)
    expect(schemaMaxLength('billing_cycle_switch.plans.0.price')).toBe(50)
    expect(schemaMaxLength('reactivation.headline')).toBe(200)
    expect(schemaMaxLength('discount.amount')).toBeUndefined()
    expect(schemaMaxLength('nope.nothing')).toBeUndefined()
  })
})
