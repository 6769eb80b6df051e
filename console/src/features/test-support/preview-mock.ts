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
  /** Every mount's and update's props, in order. */
  timeline: [] as PreviewProps[],
  /** The props the preview shows now: the latest mount or update. */
  current(): PreviewProps | undefined {
    return this.timeline[this.timeline.length - 1]
  },
  reset() {
    this.mounts = []
    this.updates = []
    this.timeline = []
    this.destroyed = 0
  },
}

export const mountPreview: MountPreview = (container, props) => {
  previewRecorder.mounts.push({ container, props })
  previewRecorder.timeline.push(props)
  container.setAttribute('data-preview-mounted', 'true')
  return {
    update(next) {
      previewRecorder.updates.push(next)
      previewRecorder.timeline.push(next)
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
