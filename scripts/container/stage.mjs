// The container image's runtime files, staged into one folder: what `node server/dist/index.mjs` reads
// at run time and nothing else (no sources, no dev dependencies, no test tools). The Dockerfile's build
// stage runs this after `npm ci` and the build; tests/ops' container test runs the very same script and
// starts the server from the folder it made, so what CI starts is what the image holds.
//
//   node scripts/container/stage.mjs <destination>
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * What the server reads at run time: its bundle (every package inside but PGlite, which loads its
 * WebAssembly from beside its module), the migrations it applies, the empty pre-migrated PGlite
 * template (a container without DATABASE_URL starts from it; the demo template is left out: production
 * does not seed the demo), the three built front ends, the root package.json (the release it reports).
 */
export const RUNTIME_FILES = [
  'package.json',
  'server/package.json',
  'server/dist/index.mjs',
  'server/src/db/migrations',
  'widget/dist',
  // Previous releases' widgets: browsers holding an older loader still load its bundle after a deploy.
  'widget/releases',
  'console/dist',
  'marketing/dist',
  'node_modules/@electric-sql/pglite',
]

export function stage(destination, root = ROOT) {
  const out = resolve(destination)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  for (const path of RUNTIME_FILES) {
    const from = join(root, path)
    if (!existsSync(from)) throw new Error(`${path} is missing: run the build (node scripts/build.mjs) first`)
    cpSync(from, join(out, path), { recursive: true })
  }
  const templates = readdirSync(join(root, 'server/dist')).filter((name) =>
    name.startsWith('pglite-template-'),
  )
  for (const name of templates)
    cpSync(join(root, 'server/dist', name), join(out, 'server/dist', name), { recursive: true })
  // Node resolves the bundle's `@electric-sql/pglite` import from the nearest node_modules: the root's.
  writeFileSync(join(out, '.staged'), `${new Date().toISOString()}\n`)
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const destination = process.argv[2]
  if (!destination) {
    process.stderr.write('usage: node scripts/container/stage.mjs <destination>\n')
    process.exit(2)
  }
  process.stdout.write(`staged ${stage(destination)}\n`)
}
