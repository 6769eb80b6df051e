import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeBackend, signInTestSession } from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { fieldId } from '../../features/validation/field-errors'
import { configFieldLabel } from './field-labels'
import { installEditorBackend, openEditor } from './test-support/editor-setup'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)

/** A config with every setting present, so the editor draws every field the history can name. */
function everySetting(): CancelFlowConfig {
  const config = createDefaultConfig()
  const plans = [{ id: 'price_small', name: 'Small', price: '$9' }]
  config.discount = {
    ...config.discount,
    enabled: true,
    promo_code: 'SAVE20',
    redirect_template: 'https://x.example/d',
  }
  config.pause = { ...config.pause, enabled: true, durations: [1, 2] }
  config.plan_switch = { ...config.plan_switch, enabled: true, plans }
  config.billing_cycle_switch = { ...config.billing_cycle_switch, enabled: true, plans }
  config.trial_extension = { ...config.trial_extension, enabled: true, days: 14 }
  config.talk_to_us = { ...config.talk_to_us, enabled: true, email: 'help@x.example' }
  config.copy.cancel_reasons = ['too_expensive']
  config.theme = { ...config.theme, font_family: 'Inter', border_radius: 8 }
  config.compliance = {
    suppress_offers: false,
    suppress_offers_in: ['US-MN'],
    suppress_offers_when_unknown: false,
  }
  return config
}

/** Every setting's path as the history's differences name them: objects walked, lists whole. */
function settingPaths(value: unknown, path = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, inner]) => settingPaths(inner, path ? `${path}.${key}` : key))
  return [path]
}

/** The text the editor shows beside the field with this path: its label, or its group's legend. */
function editorLabelOf(path: string): string | null {
  const id = path === 'languages.default' ? 'editor-default-language' : fieldId('editor', path)
  const element = document.getElementById(id)
  if (!element) return null
  const label =
    element.tagName === 'FIELDSET'
      ? element.querySelector('legend')
      : (document.querySelector(`label[for="${CSS.escape(id)}"]`) ??
        // A colour is a picker and a hex field under one legend.
        element.closest('fieldset.rk-color')?.querySelector('legend'))
  return label?.textContent?.trim() ?? null
}

let backend: FakeBackend
beforeEach(() => {
  previewRecorder.reset()
  signInTestSession({ role: 'owner' })
  backend = installEditorBackend({ config: everySetting(), version: 3, updatedAt: '2026-05-01T10:00:00Z' })
})
afterEach(() => {
  cleanup()
  backend.restore()
})

describe('configFieldLabel', () => {
  it('names every setting with the section heading and the label the editor shows beside its field', async () => {
    await openEditor()
    const paths = settingPaths(everySetting()).filter((path) => !path.startsWith('languages.translations'))
    expect(paths.length).toBeGreaterThan(90)
    const sections = new Set(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim()))
    const wrong: string[] = []
    for (const path of paths) {
      const label = configFieldLabel(path)
      const parts = label.split(' › ')
      const shown = editorLabelOf(path)
      if (label === path || shown !== parts.at(-1) || !sections.has(parts[0] ?? ''))
        wrong.push(`${path}: "${label}", the editor shows "${shown}"`)
    }
    expect(wrong).toEqual([])
  })

  it('names a translation by its language and the setting it translates, and leaves an unknown path as it is', () => {
    expect(configFieldLabel('languages.translations.fr.copy.general.headline')).toBe(
      'Languages › French (fr) › Reason question › Headline',
    )
    expect(configFieldLabel('copy.user_feedback.switched_competitor.headline')).toBe(
      'Copy › Feedback: switched to a competitor › Headline',
    )
    expect(configFieldLabel('some_future.setting')).toBe('some_future.setting')
  })
})
