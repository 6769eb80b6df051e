// The timing report's text, shared by the Vitest reporter (timing-reporter.ts) and `npm test`
// (test.mjs), which runs the browser project beside the others in a second Vitest and prints one
// report for both at the end. Plain JavaScript so test.mjs can use it on any Node.

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/**
 * The report's lines: the `slowest` slowest files, then one line per project (longest span first).
 * @param {readonly import('./timing-report.d.mts').FileTiming[]} files
 * @returns {string[]}
 */
export function timingReport(files, slowest = 15) {
  if (files.length === 0) return []
  const lines = [`Slowest ${Math.min(slowest, files.length)} test files:`]
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, slowest))
    lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(13)} ${f.file}`)
  // On a saturated machine a file's wall time is mostly its wait for a core; its CPU time is its cost.
  const measured = files.filter((f) => f.cpuMs !== undefined)
  if (measured.length > 0) {
    lines.push(
      `Most CPU, ${Math.min(slowest, measured.length)} test files (the worker's own CPU: PGlite in; Chromium, PostgreSQL and spawned processes out):`,
    )
    for (const f of [...measured].sort((a, b) => (b.cpuMs ?? 0) - (a.cpuMs ?? 0)).slice(0, slowest))
      lines.push(`  ${seconds(f.cpuMs ?? 0).padStart(8)}  ${f.project.padEnd(13)} ${f.file}`)
  }
  const projects = new Map()
  for (const f of files) projects.set(f.project, [...(projects.get(f.project) ?? []), f])
  const rows = [...projects].map(([name, own]) => ({
    name,
    count: own.length,
    sum: own.reduce((total, f) => total + f.ms, 0),
    span: Math.max(...own.map((f) => f.end)) - Math.min(...own.map((f) => f.start)),
    cpu: own.some((f) => f.cpuMs !== undefined) ? own.reduce((total, f) => total + (f.cpuMs ?? 0), 0) : null,
  }))
  lines.push(
    `Per project (files, summed file time, wall-clock span first start → last end${measured.length > 0 ? ', summed CPU' : ''}):`,
  )
  for (const row of rows.sort((a, b) => b.span - a.span))
    lines.push(
      `  ${row.name.padEnd(13)} ${String(row.count).padStart(4)} files  ${seconds(row.sum).padStart(9)}  ${seconds(row.span).padStart(8)}${row.cpu === null ? '' : `  cpu ${seconds(row.cpu).padStart(8)}`}`,
    )
  const all = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start))
  lines.push(`  whole run: ${files.length} files in ${seconds(all)}`)
  return lines
}

/**
 * The failures' lines (see timing-report.d.mts): failed tests first, then those that passed only
 * when retried, then errors outside any test.
 * @param {readonly import('./timing-report.d.mts').FileTiming[]} files
 * @param {readonly string[]} unhandled
 * @returns {string[]}
 */
export function failureReport(files, unhandled = []) {
  const where = (f, p) => `  ${f.project.padEnd(13)} ${f.file} > ${p.test}`
  const failed = files.flatMap((f) => (f.problems ?? []).filter((p) => !p.passedOnRetry).map((p) => [f, p]))
  const retried = files.flatMap((f) => (f.problems ?? []).filter((p) => p.passedOnRetry).map((p) => [f, p]))
  const lines = []
  if (failed.length > 0) {
    lines.push(`FAILED (${failed.length}):`)
    for (const [f, p] of failed) lines.push(where(f, p), `      ${p.error ?? '(no message)'}`)
  }
  if (retried.length > 0) {
    lines.push(`Passed only when retried (${retried.length}):`)
    for (const [f, p] of retried) lines.push(where(f, p))
  }
  if (unhandled.length > 0) {
    lines.push(`Errors outside any test (${unhandled.length}):`)
    for (const message of unhandled) lines.push(`  ${message}`)
  }
  return lines
}
