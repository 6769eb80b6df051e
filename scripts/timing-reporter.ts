// A Vitest reporter that says where the time went, printed after the usual summary (`npm test`, CI):
// the slowest test files and, per project, how many files ran, their summed time and the wall-clock
// span from its first file's start to its last file's end. Without it a slow run shows only its total.
// Then, last, what failed (file, test, first error line) and what passed only when retried: a CI log
// is often read from its tail only, and the usual summary says how many failed, not which.
// With RETAINKIT_TIMINGS_FILE set (test.mjs runs two Vitests side by side) it writes the files' timings
// and failures there as JSON instead, and test.mjs prints one report for both runs.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Reporter, SerializedError, TestModule } from 'vitest/node'
import { type FileTiming, failureReport, type TestProblem, timingReport } from './timing-report.mjs'

/** One file of one project (server and server-pg run the same files). */
const keyOf = (module: TestModule) => `${module.project.name} ${module.moduleId}`

const relativeTo = (root: string, file: string) =>
  file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file

const MESSAGE_LIMIT = 300
/** The first non-empty line of an error's message, cut to a readable length. */
export const firstLine = (error: Pick<SerializedError, 'message' | 'name'> | undefined) => {
  const line = (error?.message ?? '').split('\n').find((l) => l.trim() !== '') ?? error?.name ?? ''
  const text = line.trim() || '(no message)'
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}…` : text
}

/** A file's failed tests, its own and its suites' set-up errors, and its tests passed on a retry. */
export function problemsOf(module: TestModule): TestProblem[] {
  const problems: TestProblem[] = module.errors().map((e) => ({ test: '(file)', error: firstLine(e) }))
  for (const suite of module.children.allSuites())
    for (const e of suite.errors()) problems.push({ test: suite.fullName, error: firstLine(e) })
  for (const test of module.children.allTests()) {
    const result = test.result()
    if (result.state === 'failed')
      problems.push({ test: test.fullName, error: firstLine(result.errors?.[0]) })
    else if (result.state === 'passed' && test.diagnostic()?.flaky)
      problems.push({ test: test.fullName, passedOnRetry: true })
  }
  return problems
}

export default class TimingReporter implements Reporter {
  private starts = new Map<string, number>()
  private files: FileTiming[] = []
  /** Each entry of `files` by project and absolute path, to join the CPU times (cpu-per-file.ts) by. */
  private byModule = new Map<string, FileTiming>()
  private root = process.cwd()

  onTestModuleStart(module: TestModule) {
    this.starts.set(keyOf(module), Date.now())
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now()
    const d = module.diagnostic()
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration
    const problems = problemsOf(module)
    const timing: FileTiming = {
      project: module.project.name,
      file: relativeTo(this.root, module.moduleId),
      ms,
      start: this.starts.get(keyOf(module)) ?? end - ms,
      end,
      ...(problems.length > 0 ? { problems } : {}),
    }
    this.files.push(timing)
    this.byModule.set(keyOf(module), timing)
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    this.addCpuTimes()
    const unhandled = unhandledErrors.map(firstLine)
    const out = process.env.RETAINKIT_TIMINGS_FILE
    if (out) return writeFileSync(out, JSON.stringify({ files: this.files, unhandled }))
    const lines = [...timingReport(this.files), ...failureReport(this.files, unhandled)]
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  }

  /** Joins the files' CPU times that cpu-per-file.ts wrote (one JSON line each), then removes them. */
  private addCpuTimes() {
    const path = process.env.RETAINKIT_CPU_FILE
    if (!path || !existsSync(path)) return
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue
      const { project, file, cpuMs } = JSON.parse(line) as { project: string; file: string; cpuMs: number }
      const timing = this.byModule.get(`${project} ${file}`)
      if (timing) timing.cpuMs = cpuMs
    }
    rmSync(path, { force: true })
  }
}
