import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  analyticsRows,
  coldStartRows,
  configRows,
  ingestRows,
  memoryRows,
  type Row,
  recoveryRows,
  sessionsRows,
  soakRows,
  widgetRows,
  writeInRows,
} from './parse-output'

/**
 * `npm run bench` reads each benchmark's figures from what it prints (parse-output.ts). The fixtures are
 * real outputs (`npm run bench -- --quick`, kept in tests/artifacts/bench/); when a benchmark's report
 * changes, copy its new output here. The first test makes that unavoidable for the tables: every table
 * header a benchmark prints must be in its fixture, so a changed report fails here until the fixture,
 * and with it the parser, follows (the ingest table once gained columns and `npm run bench` printed
 * "no figures" for it without any test noticing).
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.log`, import.meta.url), 'utf8')
const source = (file: string) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')

const BENCHES = [
  { name: 'widget', file: 'widget.bench.ts', rows: widgetRows },
  { name: 'config', file: 'config-endpoint.bench.ts', rows: configRows },
  { name: 'analytics', file: 'analytics.bench.ts', rows: analyticsRows },
  { name: 'ingest', file: 'ingest.bench.ts', rows: ingestRows },
  { name: 'cold-start', file: 'cold-start.bench.mjs', rows: coldStartRows },
  { name: 'memory', file: 'memory.bench.ts', rows: memoryRows },
  { name: 'write-ins', file: 'write-ins.bench.ts', rows: writeInRows },
  // The soak's table is written by soak-report.ts (the fixture: the two databases' runs, each on its own).
  { name: 'soak', file: 'soak-report.ts', rows: soakRows },
  { name: 'sessions', file: 'sessions.bench.ts', rows: sessionsRows },
  { name: 'recovery', file: 'recovery.bench.ts', rows: recoveryRows },
] as const

const find = (rows: Row[], measure: string) => rows.find((row) => row.measure.startsWith(measure))

describe('reading the benchmarks’ reports', () => {
  it.each(BENCHES)('$name: the fixture has every table header the benchmark prints', ({ name, file }) => {
    // A verdict cell ('| FAIL |', as a benchmark checks its own goal rows) is not a header.
    const headers = Array.from(source(file).matchAll(/'(\| [^'$]+ \|)'/g), (m) => m[1] as string).filter(
      (header) => !/^\| (PASS|FAIL) \|$/.test(header),
    )
    for (const header of headers) expect(fixture(name), header).toContain(header)
  })

  it.each(BENCHES)('$name: every figure is read, none is NaN or undefined', ({ name, rows }) => {
    const read = rows(fixture(name))
    expect(read.length).toBeGreaterThan(0)
    for (const row of read) expect(`${row.measure} ${row.value}`).not.toMatch(/NaN|undefined/)
  })

  it('ingest: each goal with its measure, same-run baseline, ratio and verdict', () => {
    const goals = ingestRows(fixture('ingest')).filter((row) => row.goal)
    expect(goals.map((row) => [row.value, row.goal, row.result])).toEqual([
      ['158 MB; 0.80×', '≤ 1.5×', 'PASS'],
      ['281 events/s; 0.33×', '≥ 1×', 'FAIL'],
      ['4,413 events/s; 0.47×', '≥ 0.8×', 'FAIL'],
      ['443 MB; 0.55×', '≤ 1.5×', 'PASS'],
      ['186 events/s (server CPU 1.421 ms/event); 0.41×', '≥ 2×', 'FAIL'],
    ])
    expect(goals[1]?.measure).toBe('ingest PostgreSQL, 1 event/request (baseline: raw INSERT 853 rows/s)')
    // The detail rows say how many events calls each statement wrote.
    expect(ingestRows(fixture('ingest'))[0]?.value).toContain('11.2 calls per statement')
    // Every database and batch size has its detail row.
    expect(ingestRows(fixture('ingest')).filter((row) => !row.goal)).toHaveLength(6)
  })

  it('ingest: the PGlite goal against a checkout of the code before issue 37 (--pglite-baseline)', () => {
    // Printed by `ingest.bench.ts --databases=pglite --batches=1 --rounds=5 --pglite-baseline=<fcdaf26 checkout>`.
    const line =
      '| goal: ingest PGlite, 1 event/request, against the code before issue 37 (fcdaf26 checkout, same machine, same run) | 377 events/s (server CPU 2.418 ms/event) | 87 events/s (server CPU 10.352 ms/event) | 4.08× | ≥ 2× | PASS |'
    expect(ingestRows(line)).toEqual([
      {
        bench: 'ingest',
        measure:
          'ingest PGlite, 1 event/request, against the code before issue 37 (fcdaf26 checkout, same machine, same run) (baseline: 87 events/s (server CPU 10.352 ms/event))',
        value: '377 events/s (server CPU 2.418 ms/event); 4.08×',
        goal: '≥ 2×',
        result: 'PASS',
      },
    ])
  })

  it('analytics: the raw-event baseline is a baseline, not the slowest data set', () => {
    const rows = analyticsRows(fixture('analytics'))
    const slowest = rows.filter((row) => row.measure.includes('slowest data set'))
    expect(slowest).toHaveLength(4)
    for (const row of slowest) expect(row.measure).not.toContain('BEFORE')
    const baseline = find(rows, 'PostgreSQL, 20,119 events (spread): baseline')
    expect(baseline?.value).toBe('8.8 ms (9.1 ms); 1.40×')
    expect(find(rows, 'PostgreSQL, 20,119 events (spread): the combined call')?.value).toBe(
      '12.3 ms (16.8 ms)',
    )
  })

  it('widget, config, cold start and memory: values and verdicts', () => {
    const widget = widgetRows(fixture('widget'))
    expect(widget.filter((row) => row.goal).map((row) => [row.measure, row.value, row.result])).toEqual([
      ['click → flow visible in Chromium, prefetched, median of 5 (p90)', '30.7 ms (255.9 ms)', 'FAIL'],
      ['click → flow visible in Chromium, cold, median of 5 (p90)', '169.9 ms (238.6 ms)', 'FAIL'],
      [
        'click → flow visible in Chromium, prefetched, token in the page, median of 5 (p90)',
        '12.9 ms (99.0 ms)',
        'PASS',
      ],
      [
        'click → flow visible in Chromium, cold, token in the page, median of 5 (p90)',
        '132.1 ms (178.4 ms)',
        'FAIL',
      ],
      ['loader.js, gzip', '1196 B', 'PASS'],
      expect.arrayContaining([expect.stringContaining('loader + widget'), '13594 B']),
      // Ratios to the inline <dialog> measured in the same runs.
      [
        'click → dialog, prefetched (baseline: inline dialog 8.1 ms)',
        '30.7 ms (runs 0.76–34.58×); 3.79×',
        'FAIL',
      ],
      [
        'click → dialog, cold (baseline: inline dialog 8.1 ms)',
        '169.9 ms (runs 3.49–33.76×); 20.98×',
        'FAIL',
      ],
      [
        'click → dialog, prefetched, token in the page (baseline: inline dialog 8.1 ms)',
        '12.9 ms (runs 0.69–3.74×); 1.59×',
        'FAIL',
      ],
      [
        'click → dialog, cold, token in the page (baseline: inline dialog 8.1 ms)',
        '132.1 ms (runs 3.70–22.02×); 16.31×',
        'FAIL',
      ],
    ])
    expect(find(widget, 'loader.js')).toMatchObject({ value: '1196 B', result: 'PASS' })
    const config = configRows(fixture('config'))
    expect(find(config, 'config endpoint throughput, 50 browser connections')).toMatchObject({
      value: '1081 req/s; 0.55×',
      goal: '≥ 0.95×',
      result: 'FAIL',
    })
    expect(find(config, 'config endpoint p99, 50 browser connections')).toMatchObject({
      value: '146.96 ms; 1.27×',
      result: 'FAIL',
    })
    expect(find(config, 'app p99 latency (ms), 4 connections (bare server: 32.66)')).toMatchObject({
      value: '15.29',
      result: 'FAIL',
    })
    expect(coldStartRows(fixture('cold-start'))).toMatchObject([
      { value: '1.49 s', result: 'PASS' },
      { measure: expect.stringContaining('demo template 3 days old'), value: '2.00 s', result: 'PASS' },
    ])
    expect(memoryRows(fixture('memory')).map((row) => row.result)).toEqual(['PASS', 'PASS', 'PASS', 'PASS'])
  })

  it('write-ins: held-out accuracy against the best baseline, each data set, scored ingest against not scored', () => {
    const rows = writeInRows(fixture('write-ins'))
    expect(find(rows, 'sentiment accuracy fr')).toMatchObject({
      value: '69.4 % (82.0 %), baseline 60.2 %',
      result: 'PASS',
    })
    expect(rows.filter((row) => row.measure.startsWith('write-in-'))).toHaveLength(6)
    expect(find(rows, 'write-in-themes, 12 months')).toMatchObject({ value: '46.9 ms', result: 'PASS' })
    expect(find(rows, 'events call, 30 % of sessions')).toMatchObject({
      value: '8,961 events/s against 9,468 (0.946×; 3,780 scored; 0 refused)',
      goal: '≥ 0.95×',
      result: 'FAIL',
    })
    expect(find(rows, 'events call, a write-in in every call')).toMatchObject({
      value: '8,536 events/s against 8,842 (0.965×; 10,080 scored; 0 refused)',
      goal: '',
    })
  })

  it('soak: the RSS slope after the warm-up per database, against the flat goal', () => {
    expect(soakRows(fixture('soak')).map((row) => [row.bench, row.value.split(' ')[0], row.result])).toEqual([
      ['soak (PGlite)', '+0.22', 'PASS'],
      ['soak (PostgreSQL)', '+0.05', 'PASS'],
    ])
  })
})
