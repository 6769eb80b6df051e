import { describe, expect, it } from 'vitest'
import { errorsUnder, fieldId, issuesToFieldErrors, pathKey, serverFieldErrors } from './field-errors'

describe('field errors', () => {
  it('joins zod paths with dots, the form the server uses', () => {
    expect(pathKey(['plan_switch', 'plans', 0, 'name'])).toBe('plan_switch.plans.0.name')
  })

  it('keeps the first message per field', () => {
    const errors = issuesToFieldErrors([
      { path: ['discount', 'redirect_template'], message: 'Invalid URL format' },
      { path: ['discount', 'redirect_template'], message: 'URL must use http or https protocol' },
      { path: ['theme', 'primary_color'], message: 'Invalid hex color format' },
    ])
    expect(errors).toEqual({
      'discount.redirect_template': 'Invalid URL format',
      'theme.primary_color': 'Invalid hex color format',
    })
  })

  it('strips the body key the server prefixes to every issue', () => {
    const errors = serverFieldErrors(
      {
        message: 'Headline too long',
        field: 'config_json.copy.general.headline',
        issues: [
          { field: 'config_json.copy.general.headline', message: 'Headline too long' },
          { field: 'config_json.pause.durations', message: 'At least one duration required' },
        ],
      },
      'config_json',
    )
    expect(errors).toEqual({
      'copy.general.headline': 'Headline too long',
      'pause.durations': 'At least one duration required',
    })
  })

  it('falls back to the single field when the server lists no issues', () => {
    expect(serverFieldErrors({ message: 'Reason key too long', field: 'reasons.2.key' }, 'reasons')).toEqual({
      '2.key': 'Reason key too long',
    })
  })

  it('collects errors under a prefix', () => {
    const errors = {
      'plan_switch.plans.0.name': 'Plan name is required',
      'plan_switch.plans': 'x',
      pause: 'y',
    }
    expect(errorsUnder(errors, 'plan_switch.plans')).toEqual(['Plan name is required', 'x'])
  })

  it('makes DOM ids out of paths', () => {
    expect(fieldId('editor', 'copy.general.headline')).toBe('editor-copy-general-headline')
  })
})
