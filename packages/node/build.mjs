// Compiles src/ twice with the TypeScript compiler: ES modules in dist/esm and CommonJS in dist/cjs,
// each with its type declarations. dist/cjs gets its own package.json saying "commonjs", so Node (and
// TypeScript reading dist/cjs/index.d.ts) treat those files as CommonJS inside this "type": "module"
// package. Nothing is bundled: the output depends on node:crypto only.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const HERE = new URL('.', import.meta.url).pathname
const ENTRY = join(HERE, 'src/index.ts')

const common = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  declaration: true,
  skipLibCheck: true,
  removeComments: false,
  newLine: ts.NewLineKind.LineFeed,
}

const formats = [
  { outDir: 'dist/esm', module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler },
  { outDir: 'dist/cjs', module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Bundler },
]

rmSync(join(HERE, 'dist'), { recursive: true, force: true })
for (const format of formats) {
  const outDir = join(HERE, format.outDir)
  const program = ts.createProgram([ENTRY], { ...common, ...format, outDir, rootDir: join(HERE, 'src') })
  const result = program.emit()
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics]
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => HERE, getNewLine: () => '\n' }
    console.error(ts.formatDiagnostics(diagnostics, host))
    process.exit(1)
  }
}
mkdirSync(join(HERE, 'dist/cjs'), { recursive: true })
writeFileSync(join(HERE, 'dist/cjs/package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`)
