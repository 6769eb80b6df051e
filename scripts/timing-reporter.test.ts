import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type FileTiming, failureReport, timingReport } from './timing-report.mjs'

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

describe('the failure report', () => {
  const timing = (problems: FileTiming['problems']): FileTiming => ({
    ...file('e2e', 'tests/e2e/a.e2e.ts', 1000, 0),
    problems,
  })

  it('names each failed test with its file and first error line, then those passed on a retry, then errors outside tests', () => {
    const lines = failureReport(
      [
        timing([
          { test: 'flow > follows the link', error: 'expected 3746 to be less than 3500' },
          { test: 'flow > opens', passedOnRetry: true },
        ]),
        file('server', 'b.test.ts', 10, 0),
      ],
      ['Worker exited unexpectedly'],
    )
    expect(lines).toEqual([
      'FAILED (1):',
      '  e2e           tests/e2e/a.e2e.ts > flow > follows the link',
      '      expected 3746 to be less than 3500',
      'Passed only when retried (1):',
      '  e2e           tests/e2e/a.e2e.ts > flow > opens',
      'Errors outside any test (1):',
      '  Worker exited unexpectedly',
    ])
  })

  it('says nothing when everything passed the first time', () => {
    expect(failureReport([file('node', 'a.test.ts', 1, 0)], [])).toEqual([])
  })

  it('is what the reporter writes for a real Vitest run: failed tests, a broken hook, a retried pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retainkit-reporter-'))
    try {
      // Globals instead of imports: the fixture lives outside the repository, where `vitest` does not resolve.
      writeFileSync(
        join(dir, 'vitest.config.mjs'),
        `export default { test: { globals: true, include: ['*.check.js'], reporters: [${JSON.stringify(join(process.cwd(), 'scripts/timing-reporter.ts'))}], setupFiles: [${JSON.stringify(join(process.cwd(), 'scripts/cpu-per-file.ts'))}], env: { RETAINKIT_PROJECT: '' } } }`,
      )
      writeFileSync(
        join(dir, 'a.check.js'),
        [
          "test('passes', () => {})",
          "test('fails', () => { throw new Error('boom\\nsecond line') })",
          'let calls = 0',
          "test('flaky', { retry: 1 }, () => { if (calls++ === 0) throw new Error('first try') })",
          "describe('set-up', () => { beforeAll(() => { throw new Error('hook broke') }); test('needs it', () => {}) })",
        ].join('\n'),
      )
      const out = join(dir, 'timings.json')
      const vitest = join(process.cwd(), 'node_modules/vitest/vitest.mjs')
      const run = spawnSync(
        process.execPath,
        [vitest, 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')],
        {
          cwd: dir,
          env: {
            ...process.env,
            RETAINKIT_TIMINGS_FILE: out,
            RETAINKIT_CPU_FILE: join(dir, 'cpu.jsonl'),
            VITEST: undefined,
            VITEST_WORKER_ID: undefined,
          },
          encoding: 'utf8',
        },
      )
      expect(run.status).toBe(1)
      const report = JSON.parse(readFileSync(out, 'utf8'))
      expect(report.unhandled).toEqual([])
      expect(report.files).toHaveLength(1)
      expect(report.files[0].file).toBe('a.check.js')
      // Its CPU time, measured in the worker and joined by the reporter (which then removed the lines).
      expect(report.files[0].cpuMs).toBeGreaterThan(0)
      expect(existsSync(join(dir, 'cpu.jsonl'))).toBe(false)
      expect(report.files[0].problems).toEqual(
        expect.arrayContaining([
          { test: 'fails', error: 'boom' },
          { test: 'flaky', passedOnRetry: true },
          { test: 'set-up', error: 'hook broke' },
        ]),
      )
      expect(report.files[0].problems.some((p: { test: string }) => p.test === 'passes')).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('CPU per file', () => {
  it('lists the files that cost the most CPU and sums it per project, when measured', () => {
    const lines = timingReport([
      { ...file('server', 'a.test.ts', 4000, 0), cpuMs: 500 },
      { ...file('server', 'b.test.ts', 1000, 0), cpuMs: 2500 },
    ])
    const most = lines.findIndex((l) => l.startsWith('Most CPU, 2 test files'))
    expect(most).toBeGreaterThan(0)
    expect(lines[most + 1]).toMatch(/^\s+2\.5 s\s+server\s+b\.test\.ts$/)
    expect(lines[most + 2]).toMatch(/^\s+0\.5 s\s+server\s+a\.test\.ts$/)
    expect(lines.find((l) => l.trim().startsWith('server'))).toMatch(
      /2 files\s+5\.0 s\s+4\.0 s\s+cpu\s+3\.0 s$/,
    )
  })
})
