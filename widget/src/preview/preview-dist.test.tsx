import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureWidgetBuilt, WIDGET_DIST } from '../build/ensure-built'
import { flowConfig, flowReasons } from '../test-support/fake-api'
import type { MountPreview, PreviewScreens } from './public-types'

/**
 * The console imports the BUILT preview (`@retainkit/widget/preview` → dist/preview.js, Preact bundled
 * in), not these sources: check that file works on its own in a DOM.
 */
let built: { mountPreview: MountPreview; PREVIEW_SCREENS: PreviewScreens }

beforeAll(async () => {
  ensureWidgetBuilt()
  built = await import(/* @vite-ignore */ pathToFileURL(`${WIDGET_DIST}/preview.js`).href)
}, 180_000)

describe('dist/preview.js', () => {
  it('mounts, follows updates and lists screens, without the network', () => {
    const fetchSpy = vi.fn()
    window.fetch = fetchSpy as unknown as typeof fetch
    const container = document.createElement('div')
    document.body.append(container)
    const props = { config: flowConfig(), reasons: flowReasons() }
    const handle = built.mountPreview(container, props)
    const heading = () => container.shadowRoot?.querySelector('h2')?.textContent
    expect(heading()).toBe('Before you go…')
    handle.update({ ...props, screen: { kind: 'confirm' } })
    expect(heading()).toBe('Confirm your cancellation')
    expect(built.PREVIEW_SCREENS(props.config, props.reasons).at(-1)?.label).toBe('Final confirmation')
    handle.destroy()
    expect(container.shadowRoot?.childNodes.length).toBe(0)
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
