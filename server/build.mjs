// Bundles the server into one file, server/dist/index.mjs, which `npm start` runs with plain Node
// (scripts/server-command.mjs says why). Our own workspaces (shared) and the packages are bundled in:
// resolving and reading the packages' hundreds of module files took about 0.4 s of CPU at every start,
// a third of the first start's budget. Only the embedded database stays external: it loads its
// WebAssembly and data files from beside its own module (and pg-native is an optional native addon
// `pg` asks for by name).
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
  external: ['@electric-sql/pglite', 'pg-native'],
  // The CommonJS packages bundled in (pg, nodemailer) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
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
