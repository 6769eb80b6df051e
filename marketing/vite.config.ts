import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
// With its extension: Vite's native config loader (its announced default) resolves no bare paths.
import { ISLAND_NAMES, islandEntryPath, STYLESHEET_ENTRY } from './src/islands/island-names.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Pages are written against the React API but compiled with Preact: the islands must stay tiny (a
 * content page ships at most 60 KB gzip of script), and the server render uses the same Preact so
 * the markup hydrates without mismatches. The order matters: specific subpaths before bare names.
 */
export const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
]

/**
 * Client build: one entry per island plus the stylesheet, and a manifest the prerender reads. The
 * server build (`build.ssr` set by scripts/build.ts) bundles src/entry-server.tsx for Node instead.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/',
  publicDir: isSsrBuild ? false : 'public',
  logLevel: 'warn',
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    target: isSsrBuild ? 'node22' : 'es2020',
    modulePreload: false,
    rolldownOptions: isSsrBuild ? {} : { input: [...ISLAND_NAMES.map(islandEntryPath), STYLESHEET_ENTRY] },
  },
  ssr: { noExternal: true },
}))
