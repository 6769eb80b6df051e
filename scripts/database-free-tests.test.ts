import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFreeTests as free } from './database-free-tests.mjs'

let root = ''
const write = (files: Record<string, string>) => {
  root = mkdtempSync(join(tmpdir(), 'db-free-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('database-free server tests', () => {
  it('leaves out a test whose imports, however deep and through a cycle, reach a database switch', () => {
    write({
      'server/src/a.test.ts': "import { b } from './b'\n",
      'server/src/b.ts': "import { c } from './lib/c.js'\nexport const b = 1\n",
      'server/src/lib/c.ts': "import { b } from '../b'\nimport './d'\n",
      'server/src/lib/d.ts': "export const db = process.env.TEST_DB === 'postgres'\n",
      'server/src/pure.test.ts': "import { x } from './pure'\nimport { y } from 'vitest'\n",
      'server/src/pure.ts': "import { b2 } from './cycle'\nexport const x = 'TEST_DBX'\n",
      'server/src/cycle.ts': "import { x } from './pure'\nexport const b2 = 2\n",
      'server/src/injects.test.ts': "const url = inject('testDatabaseUrl')\n",
    })
    expect(free(root)).toEqual(['server/src/pure.test.ts'])
  })

  it('in this repository, keeps the harness users and leaves the pure ones', () => {
    const list = free(process.cwd())
    expect(list).toContain('server/src/services/feedback/sentiment.test.ts')
    // It needs only the harness's Node request bindings, kept apart from the harness for that reason.
    expect(list).toContain('server/src/http/client-address.test.ts')
    expect(list).not.toContain('server/src/routes/webhooks.test.ts')
  })
})
