import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { previewRecorder } from '../test-support/preview-mock'
import { WidgetPreview } from './widget-preview'

const entry = vi.hoisted(() => ({ fail: false }))
vi.mock('./widget-preview-entry', async () => {
  const mock = await import('../test-support/preview-mock')
  return {
    PREVIEW_SCREENS: mock.PREVIEW_SCREENS,
    mountPreview: (...args: Parameters<typeof mock.mountPreview>) => {
      if (entry.fail) throw new Error('preview bundle failed')
      return mock.mountPreview(...args)
    },
  }
})

beforeEach(() => {
  previewRecorder.reset()
  entry.fail = false
})
afterEach(cleanup)

const config = createDefaultConfig()
const reasons = createDefaultReasons()

describe('WidgetPreview', () => {
  it('mounts once into its own container, updates on every prop change and destroys on unmount', async () => {
    const { rerender, unmount } = render(
      <WidgetPreview label="Cancel flow preview" config={config} reasons={reasons} />,
    )
    await waitFor(() => expect(previewRecorder.mounts).toHaveLength(1))
    const region = screen.getByRole('region', { name: 'Cancel flow preview' })
    expect(region.contains(previewRecorder.mounts[0]?.container as HTMLElement)).toBe(true)

    const next = { ...config, copy: { ...config.copy, final: { ...config.copy.final, headline: 'Done' } } }
    rerender(
      <WidgetPreview
        label="Cancel flow preview"
        config={next}
        reasons={reasons}
        screen={{ kind: 'final' }}
      />,
    )
    expect(previewRecorder.current()).toMatchObject({ config: next, screen: { kind: 'final' } })
    rerender(
      <WidgetPreview
        label="Cancel flow preview"
        config={next}
        reasons={reasons}
        screen={{ kind: 'final' }}
        variant="banner"
      />,
    )
    expect(previewRecorder.current()?.variant).toBe('banner')
    expect(previewRecorder.mounts).toHaveLength(1)

    unmount()
    expect(previewRecorder.destroyed).toBe(1)
  })

  it('says when the preview cannot load, and tries again', async () => {
    entry.fail = true
    render(<WidgetPreview label="Cancel flow preview" config={config} reasons={reasons} />)
    expect(await screen.findByText('The preview could not be loaded.')).toBeTruthy()
    entry.fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(previewRecorder.mounts).toHaveLength(1))
    expect(screen.queryByText('The preview could not be loaded.')).toBeNull()
  })
})
