import type { Host } from './types'

/**
 * The one module that touches the page's globals (`window`, `document`). Entry points call it once and
 * pass the Host down, so the rest of the widget can run against any window (tests, the preview).
 */
export function browserHost(): Host {
  // Only ever an HTML <script> here: the loader and the bundle are classic scripts, never SVG ones.
  return { window, document, script: document.currentScript as HTMLScriptElement | null }
}
