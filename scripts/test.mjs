#!/usr/bin/env node
// `npm test`: build what the browser suites serve (only what changed), then run every Vitest project once.
// Extra arguments are passed to one Vitest (e.g. `npm test -- --project node`). Without any, the browser
// project runs in a second Vitest beside the others: one browser file at a time keeps about half a core
// busy (it waits on Chromium, the server and the Stripe fake), so run after the others, as one Vitest
// must run it (a project of one worker goes last), it left the machine mostly idle for ten minutes.
// Each Vitest's reporter (timing-reporter.ts) then writes its files' timings, and this prints one
// report for both — the slowest files and each project's time — with the phases' times.
// First: on a Node older than Retainkit supports, this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exitAs, run } from './child-process.mjs'
import { timingReport } from './timing-report.mjs'

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const VITEST = join('node_modules', 'vitest', 'vitest.mjs')
/** The browser project: runs beside the others when the whole suite runs. */
const BROWSER_PROJECT = 'e2e'

const started = Date.now()
const built = await run(process.execPath, ['scripts/build.mjs', '--if-needed'])
const buildTime = seconds(started)
if (built.code !== 0) exitAs(built)
else if (process.argv.length > 2) {
  const testStarted = Date.now()
  const tested = await run(process.execPath, [VITEST, 'run', ...process.argv.slice(2)])
  process.stdout.write(`\nnpm test phases: build ${buildTime}, vitest ${seconds(testStarted)}\n`)
  exitAs(tested)
} else {
  exitAs(await runSideBySide())
}

/** The browser project in one Vitest (its lines prefixed), every other project in another, at once. */
async function runSideBySide() {
  const dir = mkdtempSync(join(tmpdir(), 'retainkit-timings-'))
  const env = (name) => ({
    ...process.env,
    RETAINKIT_TIMINGS_FILE: join(dir, `${name}.json`),
    // Piped output is not a terminal: keep the colours a terminal would show.
    ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
  })
  const testStarted = Date.now()
  const took = {}
  const timed = async (name, promise) => {
    const result = await promise
    took[name] = seconds(testStarted)
    return result
  }
  const results = await Promise.all([
    timed(
      'others',
      run(process.execPath, [VITEST, 'run', `--project=!${BROWSER_PROJECT}`], { env: env('others') }),
    ),
    timed(
      BROWSER_PROJECT,
      run(process.execPath, [VITEST, 'run', `--project=${BROWSER_PROJECT}`], {
        env: env(BROWSER_PROJECT),
        prefix: `[${BROWSER_PROJECT}] `,
      }),
    ),
  ])
  const files = ['others', BROWSER_PROJECT].flatMap((name) => {
    try {
      return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))
    } catch {
      return [] // that Vitest ended before its report (its own output says why)
    }
  })
  rmSync(dir, { recursive: true, force: true })
  const lines = timingReport(files)
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  process.stdout.write(
    `\nnpm test phases: build ${buildTime}, vitest ${seconds(testStarted)} (side by side: ${BROWSER_PROJECT} ${took[BROWSER_PROJECT]}, the other projects ${took.others})\n`,
  )
  return results.find((r) => r.signal) ?? results.find((r) => r.code !== 0) ?? results[0]
}
