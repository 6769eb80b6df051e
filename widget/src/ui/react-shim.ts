/**
 * What the widget bundle gets for `import … from 'react'` (rollup.config.mjs): Preact's element factory
 * and nothing else. The bundle's components are stateless (their owners keep the state and redraw), so
 * neither preact/compat's React emulation (~2 KB gzip) nor preact/hooks (~0.9 KB) fits the budget: a
 * hook imported from 'react' in bundled code fails the build here. Tests and the preview resolve `react`
 * to preact/compat.
 */
export { createElement, Fragment } from 'preact'
