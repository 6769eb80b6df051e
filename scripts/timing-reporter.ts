// A Vitest reporter that says where the time went, printed after the usual summary (`npm test`, CI):
// the slowest test files and, per project, how many files ran, their summed time and the wall-clock
// span from its first file's start to its last file's end. Without it a slow run shows only its total.
// With RETAINKIT_TIMINGS_FILE set (test.mjs runs two Vitests side by side) it writes the files' timings
// there as JSON instead, and test.mjs prints one report for both runs.
import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'
import { type FileTiming, timingReport } from './timing-report.mjs'

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
    const out = process.env.RETAINKIT_TIMINGS_FILE
    if (out) return writeFileSync(out, JSON.stringify(this.files))
    const lines = timingReport(this.files)
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  }
}
