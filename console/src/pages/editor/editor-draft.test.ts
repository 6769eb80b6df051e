import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { describe, expect, it } from 'vitest'
import { setAt } from './config-path'
import { type EditorState, editorReducer, validateConfig } from './editor-draft'

const withValue = (path: string, value: unknown) =>
  setAt(createDefaultConfig(), path, value) as CancelFlowConfig

describe('validateConfig (validation messages, keyed by field)', () => {
  it('accepts the default configuration', () => {
    expect(validateConfig(createDefaultConfig())).toEqual({})
  })

  it.each([
    ['copy.general.headline', 'x'.repeat(201), 'Headline too long'],
    ['copy.final.subheadline', 'x'.repeat(501), 'Subheadline too long'],
    ['copy.discount.cta_primary', 'x'.repeat(51), 'CTA text too long'],
    ['copy.user_feedback.other.placeholder', 'x'.repeat(151), 'Placeholder text too long'],
    ['copy.pause.dropdown_label', 'x'.repeat(101), 'Dropdown label too long'],
    ['discount.promo_code', 'x'.repeat(51), 'Promo code too long'],
    ['theme.font_family', 'x'.repeat(101), 'Font family too long'],
    ['discount.amount', -5, 'Must be a positive number'],
    ['discount.duration', 0, 'Must be a positive number'],
    ['theme.border_radius', -1, 'Must be 0 or greater'],
    ['pause.durations', [], 'At least one duration required'],
    ['plan_switch.plans', [], 'At least one plan required'],
    ['cancellation_flow.steps', [], 'At least one step required'],
    ['theme.primary_color', '#12345', 'Invalid hex color format'],
    ['theme.text_color', 'red', 'Invalid hex color format'],
    ['discount.redirect_template', 'not a url', 'Invalid URL format'],
    ['pause.redirect_template', 'ftp://example.com/{customer_id}', 'URL must use http or https protocol'],
  ])('%s = %j → %s', (path, value, message) => {
    expect(validateConfig(withValue(path, value))[path]).toBe(message)
  })

  it.each([
    ['id', '', 'Plan ID is required'],
    ['name', '', 'Plan name is required'],
    ['name', 'x'.repeat(101), 'Plan name too long'],
    ['price', '', 'Plan price is required'],
    ['price', 'x'.repeat(51), 'Plan price too long'],
  ])('plan %s = %j → %s', (field, value, message) => {
    const plan = { id: 'price_1', name: 'Basic', price: '$5/month', [field]: value }
    const errors = validateConfig(withValue('billing_cycle_switch.plans', [plan]))
    expect(errors[`billing_cycle_switch.plans.0.${field}`]).toBe(message)
  })

  it('accepts 3- and 6-digit colours and redirect placeholders', () => {
    let config = withValue('theme.primary_color', '#abc')
    config = setAt(config, 'theme.background_color', '#A0B1C2')
    config = setAt(
      config,
      'discount.redirect_template',
      'https://shop.test/offer?c={customer_id}&s={subscription_id}&p={plan_id}',
    )
    expect(validateConfig(config)).toEqual({})
  })
})

describe('editorReducer', () => {
  const initial = (): EditorState => {
    const config = createDefaultConfig()
    return { base: config, draft: config, version: 3, updatedAt: null, serverErrors: {} }
  }

  it('edits the draft only, and discard goes back to the saved base', () => {
    const edited = editorReducer(initial(), { type: 'set', path: 'copy.general.headline', value: 'Hold on' })
    expect(edited.draft.copy.general.headline).toBe('Hold on')
    expect(edited.base.copy.general.headline).toBe('Before you go…')
    const discarded = editorReducer(edited, { type: 'discard' })
    expect(discarded.draft).toBe(discarded.base)
  })

  it('a save moves the base and the version, keeping later edits in the draft', () => {
    const state = editorReducer(initial(), { type: 'set', path: 'copy.general.headline', value: 'A' })
    const sent = state.draft
    const later = editorReducer(state, { type: 'set', path: 'copy.final.headline', value: 'B' })
    const saved = editorReducer(later, {
      type: 'saved',
      config: sent,
      version: 4,
      updatedAt: '2026-01-01T00:00:00Z',
    })
    expect(saved.version).toBe(4)
    expect(saved.base).toBe(sent)
    expect(saved.draft.copy.final.headline).toBe('B')
  })

  it('editing a field clears the server error reported for it', () => {
    const withErrors = editorReducer(initial(), {
      type: 'serverErrors',
      errors: {
        'theme.primary_color': 'Invalid hex color format',
        'copy.final.headline': 'Headline too long',
      },
    })
    const edited = editorReducer(withErrors, { type: 'set', path: 'theme.primary_color', value: '#000000' })
    expect(edited.serverErrors).toEqual({ 'copy.final.headline': 'Headline too long' })
  })
})
