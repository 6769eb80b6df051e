import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The proof that the response contract binds the handlers: real handler files are compiled with one
 * answered field changed (a copy beside each) and their shared schemas left alone, and the compiler must
 * refuse each change in the very file that made it. Were `ok()`/`answer()` loosened (typed `unknown`, a cast, a schema that
 * stops being closed), these edits would compile and this test would fail.
 */

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const routes = (file: string) => resolve(serverRoot, 'src/routes', file)

interface Drift {
  what: string
  file: string
  from: string
  to: string
}

const DRIFTS: Drift[] = [
  {
    what: 'a field renamed in the health answer',
    file: routes('health.ts'),
    from: "{ status: 'ok', database: deps.dbKind, uptimeSeconds, ...buildInfo() }",
    to: "{ status: 'ok', database: deps.dbKind, uptime_seconds: uptimeSeconds, ...buildInfo() }",
  },
  {
    what: 'a field added to the created coupon',
    file: routes('stripe/catalog.ts'),
    from: '{ id, name, percent_off, duration, duration_in_months }, 201',
    to: '{ id, name, percent_off, duration, duration_in_months, livemode: true }, 201',
  },
  {
    what: 'a field of the wrong type in the OAuth start answer',
    file: routes('stripe/connection.ts'),
    from: '{ url: url.toString() }',
    to: '{ url: url.toString().length }',
  },
  {
    what: 'a field dropped from the reasons answer',
    file: routes('account/reasons.ts'),
    from: '        warnings: staleReasonKeys(config, shown.reasons),\n',
    to: '',
  },
]

function compilerOptions(): ts.CompilerOptions {
  const configPath = resolve(serverRoot, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, ts.sys.readFile)
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, serverRoot).options
  // The server's project is composite (tests/ and examples/ read its declarations), which wants every
  // file of the project in the program: these few files are checked with the same options, emitting
  // nothing, as a plain program.
  const { composite, incremental, declaration, emitDeclarationOnly, tsBuildInfoFile, ...checking } = options
  return { ...checking, noEmit: true }
}

/**
 * A handler's text compiled as a file of its own beside the real one (`health.drifted.ts` next to
 * `health.ts`), so its imports resolve to the very same modules. All the texts go into one program, so
 * the types every handler reaches (Hono, zod, the shared schemas) are checked once, not once per
 * program: the second program cost about a third of the test's CPU time.
 */
const beside = (file: string, tag: string) => file.replace(/\.ts$/, `.${tag}.ts`)

/** Type errors reported in each of `files` and of the `added` files (path to text), in one program. */
function typeErrors(files: string[], added: Map<string, string>) {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => added.get(resolve(name)) ?? readFile(name)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => added.has(resolve(name)) || fileExists(name)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, onError, fresh) => {
    const text = added.get(resolve(name))
    return text === undefined
      ? getSourceFile(name, language, onError, fresh)
      : ts.createSourceFile(name, text, language, true)
  }
  const roots = [...files, ...added.keys()]
  const program = ts.createProgram({ rootNames: roots, options, host })
  const byFile = new Map<string, string[]>()
  for (const file of roots) {
    const source = program.getSourceFile(file)
    if (!source) throw new Error(`${file} was not compiled`)
    const messages = program
      .getSemanticDiagnostics(source)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    byFile.set(file, messages)
  }
  return byFile
}

describe('the response contract binds every handler', () => {
  it('refuses a handler answer that drifts from its shared schema, and accepts the real ones', () => {
    const files = DRIFTS.map((drift) => drift.file)
    const added = new Map<string, string>()
    for (const drift of DRIFTS) {
      const text = readFileSync(drift.file, 'utf8')
      expect(text, `${drift.what}: the handler no longer reads as expected`).toContain(drift.from)
      // Its text unchanged beside it too: compiled there, a handler is accepted, so the drifted copy's
      // errors are the drift's.
      added.set(beside(drift.file, 'unchanged'), text)
      added.set(beside(drift.file, 'drifted'), text.replace(drift.from, drift.to))
    }
    const errors = typeErrors(files, added)
    for (const file of files) expect(errors.get(file), file).toEqual([])
    for (const drift of DRIFTS) {
      expect(errors.get(beside(drift.file, 'unchanged')), `${drift.what}: unchanged beside`).toEqual([])
      expect(errors.get(beside(drift.file, 'drifted'))?.length ?? 0, drift.what).toBeGreaterThan(0)
    }
  }, 120_000)
})
