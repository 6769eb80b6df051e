#!/usr/bin/env node
// `npm run widget:release [-- --from <checkout>]`: archives a built release's widget in the repository, so
// that every later server keeps serving it and answering its contract version (widget/releases/README.md),
// and its server for the compatibility tests a fresh clone runs without rebuilding old commits.
//
//   widget/releases/<contract>/   loader.js, widget.<hash>.js (and its chunks), release.json
//   tests/previous-release/       release.json, server.json.br: the server bundle (minified), the
//                                 migrations and package.json, for tests/support/previous-release.ts
//
// `--from` archives another checkout's build (a release built in a `git worktree`); by default this one.
// The contract version is the checkout's WIDGET_CONTRACT_VERSION (shared/src/widget-api.ts); a build from
// before it existed speaks version 1. A version is archived once: another bundle under the same version is
// refused (bump WIDGET_CONTRACT_VERSION first). Versions older than WIDGET_CONTRACT_OLDEST are removed.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants } from 'node:zlib'
import { transform } from 'esbuild'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
export const RELEASES_DIR = join(ROOT, 'widget/releases')
export const PREVIOUS_SERVER_DIR = join(ROOT, 'tests/previous-release')

/** A checkout's contract constants, read from its source (1 before versioning existed). */
export function contractOf(checkout) {
  const source = readFileSync(join(checkout, 'shared/src/widget-api.ts'), 'utf8')
  const read = (name) => Number(new RegExp(`export const ${name} = (\\d+)`).exec(source)?.[1] ?? 0)
  return { version: read('WIDGET_CONTRACT_VERSION') || 1, oldest: read('WIDGET_CONTRACT_OLDEST') || 1 }
}

const git = (checkout, ...args) =>
  spawnSync('git', ['-C', checkout, ...args], { encoding: 'utf8' }).stdout.trim() || 'unknown'

/** The widget files a build serves: the loader, the bundle and its lazily loaded chunks. */
function builtWidget(checkout) {
  const dist = join(checkout, 'widget/dist')
  const sizes = JSON.parse(readFileSync(join(dist, 'sizes.json'), 'utf8'))
  const chunks = Object.values(sizes.chunks ?? {}).map((chunk) => chunk.file)
  return { dist, bundle: sizes.widgetFile, chunks }
}

function archiveWidget(checkout, version, release) {
  const { dist, bundle, chunks } = builtWidget(checkout)
  const dir = join(RELEASES_DIR, String(version))
  const existing = existsSync(join(dir, 'release.json'))
    ? JSON.parse(readFileSync(join(dir, 'release.json'), 'utf8'))
    : null
  if (existing && existing.bundle !== bundle)
    throw new Error(
      `contract version ${version} is archived with ${existing.bundle}, this build's bundle is ${bundle}: ` +
        'bump WIDGET_CONTRACT_VERSION (shared/src/widget-api.ts), add its entry to the server adapters, rebuild and archive again',
    )
  mkdirSync(dir, { recursive: true })
  for (const file of ['loader.js', bundle, ...chunks]) cpSync(join(dist, file), join(dir, file))
  const manifest = { contract: version, ...release, loader: 'loader.js', bundle, chunks }
  writeFileSync(join(dir, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/** The server as the release built it, minified (the same code, a quarter of the bytes), with what it reads. */
async function archiveServer(checkout, manifest) {
  const bundle = readFileSync(join(checkout, 'server/dist/index.mjs'), 'utf8')
  const { code } = await transform(bundle, {
    minify: true,
    // Names kept: code may read a class's or function's name (errors, logs).
    keepNames: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
  })
  const migrations = join(checkout, 'server/src/db/migrations')
  const files = {
    'package.json': readFileSync(join(checkout, 'package.json'), 'utf8'),
    'server/dist/index.mjs': code,
    ...Object.fromEntries(
      readdirSync(migrations)
        .filter((name) => name.endsWith('.sql'))
        .map((name) => [`server/src/db/migrations/${name}`, readFileSync(join(migrations, name), 'utf8')]),
    ),
  }
  const packed = brotliCompressSync(Buffer.from(JSON.stringify({ files })), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  })
  rmSync(PREVIOUS_SERVER_DIR, { recursive: true, force: true })
  mkdirSync(PREVIOUS_SERVER_DIR, { recursive: true })
  writeFileSync(join(PREVIOUS_SERVER_DIR, 'server.json.br'), packed)
  writeFileSync(join(PREVIOUS_SERVER_DIR, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return packed.length
}

/** Removes archived versions the server no longer answers (below this checkout's oldest). */
function prune(oldest) {
  if (!existsSync(RELEASES_DIR)) return []
  const removed = readdirSync(RELEASES_DIR).filter((name) => /^\d+$/.test(name) && Number(name) < oldest)
  for (const name of removed) rmSync(join(RELEASES_DIR, name), { recursive: true, force: true })
  return removed
}

async function main() {
  const fromAt = process.argv.indexOf('--from')
  const checkout = resolve(fromAt === -1 ? ROOT : process.argv[fromAt + 1])
  const { version } = contractOf(checkout)
  const release = {
    release: JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')).version,
    commit: git(checkout, 'rev-parse', 'HEAD'),
    committedAt: git(checkout, 'show', '-s', '--format=%cI', 'HEAD'),
  }
  const manifest = archiveWidget(checkout, version, release)
  const size = await archiveServer(checkout, manifest)
  const removed = prune(contractOf(ROOT).oldest)
  process.stdout.write(
    `archived contract version ${version} (${manifest.bundle}, release ${release.release}, ${release.commit.slice(0, 7)}) ` +
      `in widget/releases/${version}/; its server in tests/previous-release/ (${(size / 1024).toFixed(0)} KB)` +
      `${removed.length ? `; removed versions ${removed.join(', ')} (older than the support window)` : ''}\n`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`)
    process.exit(1)
  })
}
