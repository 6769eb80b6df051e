import type {
  MountPreview,
  PreviewHandle,
  PreviewProps,
  PreviewScreenOption,
  PreviewScreens,
} from '@retainkit/widget/preview'

/**
 * The widget's preview entry (`@retainkit/widget/preview`): the same
 * components subscribers get, rendered inline in a shadow root with sample data and no side effects.
 * Loaded on demand so the widget's code is only fetched by pages that show a preview.
 */
export type { PreviewHandle, PreviewProps, PreviewScreenOption }
export type PreviewVariant = NonNullable<PreviewProps['variant']>

export interface PreviewModule {
  mountPreview: MountPreview
  PREVIEW_SCREENS: PreviewScreens
}

let pending: Promise<PreviewModule> | null = null

/** Memoised; a failed load is forgotten so the next preview tries again (a flaky network is not final). */
export function loadPreviewModule(): Promise<PreviewModule> {
  if (!pending) {
    pending = import('./widget-preview-entry').catch((error: unknown) => {
      pending = null
      throw error
    })
  }
  return pending
}
