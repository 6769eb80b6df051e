import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The proof that the response contract binds the handlers: real handler files are compiled with one
 * answered field changed and their shared schemas left alone, and the compiler must refuse each change
 * in the very file that made it. Were `ok()`/`answer()` loosened (typed `unknown`, a cast, a schema that
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
 * The files neither compile edits, parsed once: the second program gets the very same source files, so
 * it reuses them (and their binding) instead of parsing the ~1,000 files of the program again (a fifth
 * of the test's CPU time). What is type-checked, and with which text, is unchanged.
 */
const parsed = new Map<string, ts.SourceFile>()

/** Type errors reported in `files` when they are compiled with `edited` standing in for their text. */
function typeErrors(files: string[], edited: Map<string, string>, oldProgram?: ts.Program) {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => edited.get(resolve(name)) ?? readFile(name)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, onError, fresh) => {
    const path = resolve(name)
    const text = edited.get(path)
    if (text !== undefined) return ts.createSourceFile(name, text, language, true)
    const known = fresh ? undefined : parsed.get(path)
    if (known) return known
    const source = getSourceFile(name, language, onError, fresh)
    if (source) parsed.set(path, source)
    return source
  }
  const program = ts.createProgram({ rootNames: files, options, host, ...(oldProgram ? { oldProgram } : {}) })
  const byFile = new Map<string, string[]>()
  for (const file of files) {
    const source = program.getSourceFile(file)
    if (!source) throw new Error(`${file} was not compiled`)
    const messages = program
      .getSemanticDiagnostics(source)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    byFile.set(file, messages)
  }
  return { program, byFile }
}

describe('the response contract binds every handler', () => {
  it('refuses a handler answer that drifts from its shared schema, and accepts the real ones', () => {
    const files = DRIFTS.map((drift) => drift.file)
    const untouched = typeErrors(files, new Map())
    for (const file of files) expect(untouched.byFile.get(file), file).toEqual([])

    const edited = new Map<string, string>()
    for (const drift of DRIFTS) {
      const text = readFileSync(drift.file, 'utf8')
      expect(text, `${drift.what}: the handler no longer reads as expected`).toContain(drift.from)
      edited.set(drift.file, text.replace(drift.from, drift.to))
    }
    const drifted = typeErrors(files, edited, untouched.program)
    for (const drift of DRIFTS) {
      expect(drifted.byFile.get(drift.file)?.length ?? 0, drift.what).toBeGreaterThan(0)
    }
  }, 120_000)
})
