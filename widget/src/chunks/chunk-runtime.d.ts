/**
 * The module a chunk's build makes (rollup.config.mjs, `sharedWithBundle`): it holds the runtime the
 * bundle hands the chunk's entry. Outside a chunk's build (tests, the preview) it is not used.
 */
declare module 'retainkit:chunk-runtime' {
  export function bindRuntime(runtime: readonly unknown[]): void
}
