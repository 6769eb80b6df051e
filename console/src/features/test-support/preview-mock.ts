import type { MountPreview, PreviewProps, PreviewScreens } from '@retainkit/widget/preview'

/**
 * Stands in for the widget's preview entry in happy-dom tests (the real one runs in Chromium in
 * tests/e2e/console.e2e.ts): records what the console mounts and every update it sends. Use with
 * `vi.mock('…/features/preview/widget-preview-entry', () => import('…/test-support/preview-mock'))`.
 */
export const previewRecorder = {
  mounts: [] as Array<{ container: HTMLElement; props: PreviewProps }>,
  updates: [] as PreviewProps[],
  destroyed: 0,
  /** The props the preview shows now: the last update, else the mount's. */
  current(): PreviewProps | undefined {
    return this.updates[this.updates.length - 1] ?? this.mounts[this.mounts.length - 1]?.props
  },
  reset() {
    this.mounts = []
    this.updates = []
    this.destroyed = 0
  },
}

export const mountPreview: MountPreview = (container, props) => {
  previewRecorder.mounts.push({ container, props })
  container.setAttribute('data-preview-mounted', 'true')
  return {
    update(next) {
      previewRecorder.updates.push(next)
    },
    destroy() {
      previewRecorder.destroyed += 1
    },
  }
}

export const PREVIEW_SCREENS: PreviewScreens = (config) => [
  { screen: { kind: 'reason' }, label: 'Reason' },
  ...(config.discount.enabled
    ? [{ screen: { kind: 'offer', offer: 'discount' } as const, label: 'Offer: Discount' }]
    : []),
  { screen: { kind: 'confirm' }, label: 'Confirm' },
  { screen: { kind: 'final' }, label: 'Final confirmation' },
]
