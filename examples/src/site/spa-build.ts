import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Builds the React example (examples/spa) with Vite into examples/dist/spa when the build is missing or
 * older than its sources. The sandbox server fills in the snippet at request time, so one build serves
 * every account and subscriber.
 */
const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const SPA_SOURCE = join(EXAMPLES, 'spa')
export const SPA_DIST = join(EXAMPLES, 'dist/spa')

function newest(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

export async function ensureSpaBuilt(): Promise<void> {
  const built = join(SPA_DIST, 'index.html')
  if (existsSync(built) && statSync(built).mtimeMs >= newest(SPA_SOURCE)) return
  const { build } = await import('vite')
  await build({
    configFile: false,
    root: SPA_SOURCE,
    base: '/spa/',
    mode: 'production',
    logLevel: 'warn',
    // Tests run with NODE_ENV=test, which would otherwise pull in React's development build.
    define: { 'process.env.NODE_ENV': '"production"' },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
    build: { outDir: SPA_DIST, emptyOutDir: true },
  })
}
