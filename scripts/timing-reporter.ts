// A Vitest reporter that says where the time went, printed after the usual summary (`npm test`, CI):
// the slowest test files and, per project, how many files ran, their summed time and the wall-clock
// span from its first file's start to its last file's end. Without it a slow run shows only its total.
import type { Reporter, TestModule } from 'vitest/node'

/** One finished test file as the report needs it. */
export type FileTiming = {
  project: string
  file: string
  /** The file's own time: import, set-up and its tests, in ms. */
  ms: number
  /** Wall clock (ms since any fixed origin) when the file started and ended. */
  start: number
  end: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The report's lines: the `slowest` slowest files, then one line per project (longest span first). */
export function timingReport(files: readonly FileTiming[], slowest = 15): string[] {
  if (files.length === 0) return []
  const lines = [`Slowest ${Math.min(slowest, files.length)} test files:`]
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, slowest))
    lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(13)} ${f.file}`)
  const projects = new Map<string, FileTiming[]>()
  for (const f of files) projects.set(f.project, [...(projects.get(f.project) ?? []), f])
  const rows = [...projects].map(([name, own]) => ({
    name,
    count: own.length,
    sum: own.reduce((total, f) => total + f.ms, 0),
    span: Math.max(...own.map((f) => f.end)) - Math.min(...own.map((f) => f.start)),
  }))
  lines.push('Per project (files, summed file time, wall-clock span first start → last end):')
  for (const row of rows.sort((a, b) => b.span - a.span))
    lines.push(
      `  ${row.name.padEnd(13)} ${String(row.count).padStart(4)} files  ${seconds(row.sum).padStart(9)}  ${seconds(row.span).padStart(8)}`,
    )
  const all = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start))
  lines.push(`  whole run: ${files.length} files in ${seconds(all)}`)
  return lines
}

const relativeTo = (root: string, file: string) =>
  file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file

export default class TimingReporter implements Reporter {
  private starts = new Map<string, number>()
  private files: FileTiming[] = []
  private root = process.cwd()

  onTestModuleStart(module: TestModule) {
    this.starts.set(`${module.project.name} ${module.moduleId}`, Date.now())
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now()
    const d = module.diagnostic()
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration
    this.files.push({
      project: module.project.name,
      file: relativeTo(this.root, module.moduleId),
      ms,
      start: this.starts.get(`${module.project.name} ${module.moduleId}`) ?? end - ms,
      end,
    })
  }

  onTestRunEnd() {
    const lines = timingReport(this.files)
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  }
}
