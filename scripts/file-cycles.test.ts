import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileCycles, testCodeImports, upwardImports } from './file-cycles.mjs'

/** The file-cycle and server-floor checks on a small tree of their own, then on this repository. */
const scriptsDir = dirname(fileURLToPath(import.meta.url))
let root = ''
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}
const check = () =>
  spawnSync(process.execPath, [join(scriptsDir, 'file-cycles.mjs'), root], { encoding: 'utf8' })

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'file-cycles-'))
  write('shared/src/types.ts', 'export type Config = { a: number }\n')
  write(
    'shared/src/schema.ts',
    "import type { Config } from './types'\nexport const parse = (c: Config) => c\n",
  )
  write('server/src/ports/logger.ts', 'export interface Logger { info(m: string): void }\n')
  write('server/src/db/database.ts', "import type { Logger } from '../ports/logger'\nexport const db = 1\n")
  write('server/src/services/logger.ts', "export type { Logger } from '../ports/logger'\n")
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('file cycles', () => {
  it('passes a tree whose imports go one way', () => {
    expect(fileCycles(root)).toEqual([])
    const result = check()
    expect(result.stdout).toContain(
      'file cycles: 0, upward server imports: 0, test code imported by product code: 0',
    )
    expect(result.status).toBe(0)
  })

  it('fails on a ring made only of type imports, naming its files', () => {
    write(
      'shared/src/types.ts',
      "import type { parse } from './schema'\nexport type Config = { p: typeof parse }\n",
    )
    expect(fileCycles(root)).toEqual([['shared/src/schema.ts', 'shared/src/types.ts']])
    const result = check()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'file cycle among 2 files:\n  shared/src/schema.ts\n  shared/src/types.ts',
    )
  })

  it('finds a ring through a re-export and a dynamic import, and ignores tests and quoted imports', () => {
    write('widget/src/a.ts', "export * from './b.js'\n")
    write('widget/src/b.ts', "// import { a } from './c'\nexport const b = () => import('./c')\n")
    write('widget/src/c.tsx', "export { a } from './a'\n")
    write('widget/src/d.test.ts', "import './e'\n")
    write('widget/src/e.ts', "import './d.test'\n")
    expect(fileCycles(root)).toEqual([['widget/src/a.ts', 'widget/src/b.ts', 'widget/src/c.tsx']])
  })
})

describe('server floors', () => {
  it('fails on a lower floor importing from a higher one', () => {
    write(
      'server/src/db/database.ts',
      "import type { Logger } from '../services/logger'\nexport const db = 1\n",
    )
    expect(upwardImports(root)).toEqual(['server/src/db/database.ts → server/src/services/logger.ts'])
    const result = check()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('upward import inside the server: server/src/db/database.ts')
  })

  it('puts the auth routes above the services, and a folder no floor names on none', () => {
    write('server/src/auth/routes/sign-in.ts', "import '../../services/logger'\n")
    write('server/src/auth/verifier.ts', "import '../services/logger'\n")
    write('server/src/newfloor/x.ts', "import '../db/database'\n")
    expect(upwardImports(root)).toEqual([
      'server/src/auth/verifier.ts → server/src/services/logger.ts',
      'server/src/newfloor/x.ts is on no floor (scripts/file-cycles.mjs)',
    ])
  })
})

describe('test code', () => {
  it('fails on a product file importing a test helper, and reads the fakes for rings', () => {
    write('server/src/services/widget/testing.ts', 'export const helper = 1\n')
    write('server/src/routes/x.test.ts', "import '../services/widget/testing'\n")
    expect(testCodeImports(root)).toEqual([])
    write('server/src/routes/x.ts', "import '../services/widget/testing'\n")
    expect(testCodeImports(root)).toEqual(['server/src/routes/x.ts → server/src/services/widget/testing.ts'])
    const result = check()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('product code imports test code: server/src/routes/x.ts')
    write('server/test/support/harness.ts', 'export const harness = 1\n')
    write('server/src/app.ts', "import '../test/support/harness'\n")
    expect(testCodeImports(root)).toContain('server/src/app.ts → server/test/support/harness.ts')
    write('packages/fakes/stripe/a.ts', "import './b'\n")
    write('packages/fakes/stripe/b.ts', "import './a'\n")
    expect(fileCycles(root)).toEqual([['packages/fakes/stripe/a.ts', 'packages/fakes/stripe/b.ts']])
  })
})

describe('this repository', () => {
  it('has no file cycle in product code or the fakes, no upward import in the server, no test code in the product', () => {
    const repository = join(scriptsDir, '..')
    expect(fileCycles(repository)).toEqual([])
    expect(upwardImports(repository)).toEqual([])
    expect(testCodeImports(repository)).toEqual([])
  })
})
