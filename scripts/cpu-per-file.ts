// Vitest setup file (every project): the CPU time of the worker process while one test file ran —
// its import, hooks and tests, PGlite's engine included (it runs in the worker), not Chromium,
// PostgreSQL or any process a test spawns — appended as one JSON line to RETAINKIT_CPU_FILE, which the
// timing reporter joins to the files' wall-clock times. On a saturated CI machine a file's wall time
// mostly says how long it waited for a core; its CPU time says what it costs the run.
import { appendFileSync } from 'node:fs'
import { afterAll, expect } from 'vitest'

const out = process.env.RETAINKIT_CPU_FILE
// Setup files run before each test file is imported, so this is taken before the file's own imports.
const start = process.cpuUsage()

if (out)
  afterAll(() => {
    const used = process.cpuUsage(start)
    const line = {
      project: process.env.RETAINKIT_PROJECT ?? '',
      file: expect.getState().testPath ?? '',
      cpuMs: Math.round((used.user + used.system) / 1000),
    }
    appendFileSync(out, `${JSON.stringify(line)}\n`)
  })
