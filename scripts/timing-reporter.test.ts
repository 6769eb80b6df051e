import { describe, expect, it } from 'vitest'
import { type FileTiming, timingReport } from './timing-report.mjs'

const file = (project: string, name: string, ms: number, start: number): FileTiming => ({
  project,
  file: name,
  ms,
  start,
  end: start + ms,
})

describe('the timing report', () => {
  it('lists the slowest files first, at most the number asked for', () => {
    const files = Array.from({ length: 20 }, (_, i) => file('node', `f${i}.test.ts`, (i + 1) * 1000, 0))
    const lines = timingReport(files)
    expect(lines[0]).toBe('Slowest 15 test files:')
    const listed = lines.slice(1, 16).map((line) => line.trim().split(/\s+/).at(-1))
    expect(listed).toEqual(Array.from({ length: 15 }, (_, i) => `f${19 - i}.test.ts`))
    expect(lines[1]).toMatch(/^\s+20\.0 s\s+node\s+f19\.test\.ts$/)
  })

  it('gives each project its file count, summed time and wall-clock span, longest span first', () => {
    const lines = timingReport([
      file('server', 'a.test.ts', 4000, 0),
      file('server', 'b.test.ts', 3000, 1000),
      file('e2e', 'x.e2e.ts', 2000, 5000),
      file('e2e', 'y.e2e.ts', 2000, 8000),
    ])
    const projects = lines.slice(lines.findIndex((l) => l.startsWith('Per project')) + 1)
    expect(projects[0]).toMatch(/^\s+e2e\s+2 files\s+4\.0 s\s+5\.0 s$/)
    expect(projects[1]).toMatch(/^\s+server\s+2 files\s+7\.0 s\s+4\.0 s$/)
    expect(projects[2]).toBe('  whole run: 4 files in 10.0 s')
  })

  it('prints nothing when no file ran', () => {
    expect(timingReport([])).toEqual([])
  })
})
