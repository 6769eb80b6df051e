/**
 * What the widget bundle gets for `import … from 'react'` (rollup.config.mjs): the hooks and element
 * factory straight from Preact, without preact/compat's React emulation layer, which the budget cannot
 * carry. Tests and the preview resolve `react` to preact/compat, so the components run under both.
 */
export { createElement, Fragment } from 'preact'
export { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
