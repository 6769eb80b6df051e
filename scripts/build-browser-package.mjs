// Builds a publishable browser package (@retainkit/js, @retainkit/react) into its dist/:
// - dist/index.js (ES module) and dist/index.cjs (CommonJS), bundled by esbuild from src/ with the
//   package's dependencies and peers left as imports, for browsers of the last years (es2020);
// - dist/index.d.ts and dist/index.d.cts: one declaration file rolled up by rollup-plugin-dts, the
//   widget's public types (its `types` export) inlined, so the published types need no other package.
// The install stub of @retainkit/js is written in from the widget's snippet.ts (its one source).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transform } from 'esbuild'
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** SNIPPET_STUB, read from widget/src/snippet.ts by compiling that module and importing it. */
async function snippetStub() {
  const source = readFileSync(join(ROOT, 'widget/src/snippet.ts'), 'utf8')
  const { code } = await transform(source, { loader: 'ts', format: 'esm' })
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
  return module.SNIPPET_STUB
}

/** esbuild plugin: src/stub.ts becomes `export const installStub = <the stub's text>`. */
const stubPlugin = (stub) => ({
  name: 'retainkit-install-stub',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]stub\.ts$/ }, () => ({
      contents: `export const installStub = ${stub}\n`,
      loader: 'js',
    }))
  },
})

/**
 * @param {string} dir the package directory
 * @param {{ entry: string, external: string[] }} options
 */
export async function buildBrowserPackage(dir, { entry, external }) {
  const dist = join(dir, 'dist')
  rmSync(dist, { recursive: true, force: true })
  const plugins = [stubPlugin(await snippetStub())]
  const common = {
    entryPoints: [join(dir, entry)],
    bundle: true,
    platform: 'neutral',
    target: 'es2020',
    external,
    plugins,
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
  }
  await build({ ...common, format: 'esm', outfile: join(dist, 'index.js') })
  await build({ ...common, format: 'cjs', outfile: join(dist, 'index.cjs') })

  const bundle = await rollup({
    input: join(dir, entry),
    external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
    plugins: [dts({ tsconfig: join(dir, 'tsconfig.json'), respectExternal: true })],
  })
  const { output } = await bundle.generate({ format: 'es' })
  await bundle.close()
  const types = output[0].code
  writeFileSync(join(dist, 'index.d.ts'), types)
  writeFileSync(join(dist, 'index.d.cts'), types)
}
