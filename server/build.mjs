// Bundles the server into one file, server/dist/index.mjs, which `npm start` runs with plain Node
// (scripts/server-command.mjs says why). Packages stay external (node_modules is there at run time);
// our own workspaces (shared) are bundled in.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@retainkit/'))

await build({
  entryPoints: [new URL('src/index.ts', import.meta.url).pathname],
  outfile: new URL('dist/index.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  // Stack traces point into the bundle; line numbers stay readable (not minified).
  minify: false,
  logLevel: 'warning',
})
