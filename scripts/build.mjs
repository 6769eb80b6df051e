#!/usr/bin/env node
// Builds the publishable token helper (@retainkit/node, which the widget's `/token` re-exports), the
// front ends the server serves: widget (before console, whose editor embeds the widget's preview),
// console and marketing; then the server's own bundle. With --if-needed a package is rebuilt only when
// the hash of its inputs differs from the one recorded after its last successful build, so `npm start`
// and `npm test` do not rebuild what is already current, and `npm install` (prepare) leaves a ready
// product.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname
const ifNeeded = process.argv.includes('--if-needed')

/** What each build reads; `output` is the file whose presence means "built". */
const PACKAGES = [
  {
    name: 'node',
    dir: 'packages/node',
    inputs: ['packages/node/src', 'packages/node/build.mjs', 'packages/node/package.json'],
    output: 'packages/node/dist/esm/index.js',
  },
  {
    name: 'widget',
    inputs: [
      'widget/src',
      'widget/rollup.config.mjs',
      'widget/package.json',
      'widget/tsconfig.json',
      'shared/src',
    ],
    output: 'widget/dist/loader.js',
  },
  {
    name: 'console',
    inputs: [
      'console/src',
      'console/index.html',
      'console/vite.config.ts',
      'console/package.json',
      'console/public',
      'shared/src',
      'widget/src',
    ],
    output: 'console/dist/index.html',
  },
  {
    name: 'marketing',
    inputs: [
      'marketing/src',
      'marketing/scripts',
      'marketing/public',
      'marketing/vite.config.ts',
      'marketing/package.json',
      'shared/src',
    ],
    output: 'marketing/dist/index.html',
  },
  {
    // The server as one bundle (server/build.mjs), what `npm start` runs.
    name: 'server',
    inputs: ['server/src', 'server/build.mjs', 'server/package.json', 'shared/src'],
    output: 'server/dist/index.mjs',
  },
]

function* files(path) {
  const full = join(ROOT, path)
  if (!existsSync(full)) return
  if (statSync(full).isFile()) {
    yield path
    return
  }
  for (const entry of readdirSync(full).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue
    yield* files(join(path, entry))
  }
}

function inputsHash(pkg) {
  const hash = createHash('sha1')
  for (const input of pkg.inputs) {
    for (const file of files(input)) {
      if (/\.test\.tsx?$/.test(file)) continue
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(ROOT, file)))
        .update('\0')
    }
  }
  return hash.digest('hex')
}

const stampOf = (pkg) => join(ROOT, pkg.dir ?? pkg.name, 'dist', '.inputs-hash')

for (const pkg of PACKAGES) {
  const hash = inputsHash(pkg)
  const current =
    existsSync(join(ROOT, pkg.output)) &&
    existsSync(stampOf(pkg)) &&
    readFileSync(stampOf(pkg), 'utf8') === hash
  if (ifNeeded && current) {
    console.log(`[build] ${pkg.name}: up to date`)
    continue
  }
  const started = Date.now()
  console.log(`[build] ${pkg.name}: building…`)
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `@retainkit/${pkg.name}`], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (result.status !== 0) {
    console.error(`[build] ${pkg.name}: FAILED`)
    process.exit(result.status ?? 1)
  }
  writeFileSync(stampOf(pkg), hash)
  console.log(`[build] ${pkg.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
