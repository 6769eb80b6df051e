/**
 * `npm run build -w @retainkit/marketing`: the client islands with Vite, the same pages as a Node
 * module (Vite SSR build), then every route prerendered to static HTML with a sitemap and robots.txt.
 *
 *   tsx scripts/build.ts [--out <dir>]
 *
 * Absolute URLs carry PUBLIC_URL_PLACEHOLDER (src/site.ts), which the server replaces with its own
 * PUBLIC_URL when it serves the files: one build serves every deployment.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { prerender } from './prerender'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(packageRoot, 'vite.config.ts')

function outDirFromArgs(argv: readonly string[]): string {
  const index = argv.indexOf('--out')
  const value = index >= 0 ? argv[index + 1] : undefined
  return value ? resolve(value) : join(packageRoot, 'dist')
}

export async function buildSite(outDir: string): Promise<string[]> {
  const serverDir = await mkdtemp(join(tmpdir(), 'retainkit-marketing-ssr-'))
  try {
    await build({ configFile, mode: 'production', build: { outDir, emptyOutDir: true } })
    await build({
      configFile,
      mode: 'production',
      build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true },
    })
    return await prerender({ outDir, serverEntry: join(serverDir, 'entry-server.js') })
  } finally {
    await rm(serverDir, { recursive: true, force: true })
  }
}

// Always the production build: under NODE_ENV=test (a build started from Vitest) Vite would compile
// JSX with the development runtime, twice the size and with this machine's file paths in it.
process.env.NODE_ENV = 'production'
const outDir = outDirFromArgs(process.argv.slice(2))
const started = Date.now()
const pages = await buildSite(outDir)
console.log(`marketing: ${pages.length} pages prerendered into ${outDir} in ${Date.now() - started} ms`)
