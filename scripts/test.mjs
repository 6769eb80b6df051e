#!/usr/bin/env node
// `npm test`: build what the browser suites serve (only what changed), then run every Vitest project once.
// Extra arguments are passed to one Vitest (e.g. `npm test -- --project node`). Without any, the browser
// project runs in a second Vitest beside the others: a browser file mostly waits (on Chromium, the
// server and the Stripe fake), so run after the others it left the machine mostly idle for ten minutes;
// it now runs beside them, two browser files at a time (vitest.config.ts), then the few that assert a
// time limit one at a time.
// Each Vitest's reporter (timing-reporter.ts) then writes its files' timings, and this prints one
// report for both — the slowest files and each project's time — with the phases' times.
// First: on a Node older than Retainkit supports, this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exitAs, run } from './child-process.mjs'
import { failureReport, timingReport } from './timing-report.mjs'

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const VITEST = join('node_modules', 'vitest', 'vitest.mjs')
/** The browser project: runs beside the others when the whole suite runs. */
const BROWSER_PROJECT = 'e2e'
/**
 * Browser files that assert a time limit (fail-open within 3.5 s, a receipt within 5 s, a Slow 3G open
 * under 1 s, the checklist within 5 s, the merchant's page within 1 s): run one at a time after the
 * others, as they ran before browser files went two at a time, so a neighbour's Chromium cannot eat
 * their budget.
 */
const TIME_LIMITED_BROWSER_FILES = [
  'tests/e2e/getting-live.e2e.ts',
  'tests/e2e/jurisdiction-journeys.e2e.ts',
  'tests/e2e/never-trapped.e2e.ts',
  'tests/e2e/widget-resilience.e2e.ts',
  'tests/e2e/widget-slow-network.e2e.ts',
]
const TIMED = `${BROWSER_PROJECT}-timed`

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
    timed(BROWSER_PROJECT, runBrowserFiles(env)),
  ])
  const runs = ['others', BROWSER_PROJECT, TIMED]
  const reports = runs.flatMap((name) => {
    try {
      return [{ name, ...JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) }]
    } catch {
      return [] // that Vitest ended before its report (its own output says why)
    }
  })
  rmSync(dir, { recursive: true, force: true })
  const files = reports.flatMap((r) => r.files)
  const lines = timingReport(files)
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  process.stdout.write(
    `\nnpm test phases: build ${buildTime}, vitest ${seconds(testStarted)} (side by side: ${BROWSER_PROJECT} ${took[BROWSER_PROJECT]}, the other projects ${took.others})\n`,
  )
  const result = results.find((r) => r.signal) ?? results.find((r) => r.code !== 0) ?? results[0]
  // Last, so a log read from its tail names them: what failed, what passed only when retried.
  const failures = failureReport(
    files,
    reports.flatMap((r) => r.unhandled ?? []),
  )
  const missing = runs.filter((n) => !reports.some((r) => r.name === n))
  if (missing.length > 0)
    failures.push(
      `No report from the Vitest run of: ${missing.join(', ')} (it ended early; its output above says why)`,
    )
  if (failures.length > 0) process.stdout.write(`\n${failures.join('\n')}\n`)
  else if (result.code !== 0 || result.signal)
    process.stdout.write('\nA Vitest run failed without a failed test: see its output above.\n')
  return result
}

/** The browser files two at a time, then the time-limited ones one at a time; the first failure wins. */
async function runBrowserFiles(env) {
  const options = (name) => ({ env: env(name), prefix: `[${BROWSER_PROJECT}] ` })
  const excluded = TIME_LIMITED_BROWSER_FILES.map((file) => `--exclude=${file}`)
  const parallel = await run(
    process.execPath,
    [VITEST, 'run', `--project=${BROWSER_PROJECT}`, ...excluded],
    options(BROWSER_PROJECT),
  )
  if (parallel.signal) return parallel
  const oneAtATime = await run(
    process.execPath,
    [VITEST, 'run', `--project=${BROWSER_PROJECT}`, '--max-workers=1', ...TIME_LIMITED_BROWSER_FILES],
    options(TIMED),
  )
  return parallel.code !== 0 ? parallel : oneAtATime
}
