import { type ComponentType, createElement, Fragment } from 'preact'

/**
 * What the widget bundle gets for `preact/jsx-runtime` (rollup.config.mjs): the automatic JSX transform
 * mapped onto Preact's createElement, which the bundle carries anyway, instead of the runtime's own copy
 * of the vnode factory. createElement takes `children` from the props when given no further arguments,
 * and picks `key` and `ref` out of them.
 */
export const jsx = (type: string | ComponentType, props: Record<string, unknown>, key?: unknown) =>
  createElement(type, key === undefined ? props : { ...props, key })
export { Fragment, jsx as jsxs }
