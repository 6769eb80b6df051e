/**
 * `npm run build -w @retainkit/marketing`: the client islands with Vite, the same pages as a Node
 * module (Vite SSR build), then every route prerendered to static HTML with a sitemap and robots.txt.
 *
 *   tsx scripts/build.ts [--out <dir>]     PUBLIC_URL sets absolute URLs (default http://localhost:8787)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { normalizePublicUrl } from '../src/site'
import { prerender } from './prerender'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(packageRoot, 'vite.config.ts')

function outDirFromArgs(argv: readonly string[]): string {
  const index = argv.indexOf('--out')
  const value = index >= 0 ? argv[index + 1] : undefined
  return value ? resolve(value) : join(packageRoot, 'dist')
}

export async function buildSite(outDir: string, publicUrl: string): Promise<string[]> {
  const serverDir = await mkdtemp(join(tmpdir(), 'retainkit-marketing-ssr-'))
  try {
    await build({ configFile, mode: 'production', build: { outDir, emptyOutDir: true } })
    await build({
      configFile,
      mode: 'production',
      build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true },
    })
    return await prerender({ outDir, serverEntry: join(serverDir, 'entry-server.js'), publicUrl })
  } finally {
    await rm(serverDir, { recursive: true, force: true })
  }
}

const outDir = outDirFromArgs(process.argv.slice(2))
const publicUrl = normalizePublicUrl(process.env.PUBLIC_URL)
const started = Date.now()
const pages = await buildSite(outDir, publicUrl)
console.log(
  `marketing: ${pages.length} pages prerendered into ${outDir} for ${publicUrl} in ${Date.now() - started} ms`,
)
