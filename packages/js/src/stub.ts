/**
 * The snippet's install stub as a function `(window, document, loaderUrl, globalName)`. Its text has
 * one source, SNIPPET_STUB in the widget's snippet.ts (the snippet merchants paste): the package's
 * build (scripts/build-browser-package.mjs) writes that text here as code, so nothing is evaluated at
 * run time (no eval under a strict Content-Security-Policy) and nothing is copied by hand.
 */
export declare const installStub: (w: Window, d: Document, loaderUrl: string, name: string) => void
