/**
 * The one place that imports the widget's built preview entry. The dynamic import in preview-module.ts
 * points here so the preview stays in its own lazy chunk, and happy-dom tests mock this file (the
 * widget's dist is a build product; the real preview runs in the Chromium suite).
 */
export { mountPreview, PREVIEW_SCREENS } from '@retainkit/widget/preview'
