// Bundles the server into one file, server/dist/index.mjs, which `npm start` runs with plain Node
// (scripts/server-command.mjs says why). Packages stay external (node_modules is there at run time);
// our own workspaces (shared) are bundled in.
import { spawnSync } from 'node:child_process'
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

// The pre-migrated PGlite data directory a new DATA_DIR starts from (src/db/pglite-template.ts): built
// here, at install time, so a first `npm start` skips initdb and the migrations.
const distDir = new URL('dist/', import.meta.url).pathname
await build({
  entryPoints: [new URL('src/db/build-pglite-template.ts', import.meta.url).pathname],
  outfile: new URL('dist/build-pglite-template.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  logLevel: 'warning',
})
const template = spawnSync(process.execPath, [`${distDir}build-pglite-template.mjs`], { stdio: 'inherit' })
if (template.status !== 0) process.exit(template.status ?? 1)
