/**
 * Reads the figures out of each benchmark's printed report (the lines their authors print for people),
 * so run-all can gather them without the benchmarks knowing about it. A parser that finds nothing
 * yields no rows, which run-all reports as an ERROR row: a changed report format cannot pass silently.
 */
export interface Row {
  bench: string
  measure: string
  value: string
  goal: string
  result: '' | 'PASS' | 'FAIL' | 'ERROR'
}

const number = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''))

export function widgetRows(output: string): Row[] {
  const rows: Row[] = []
  const runs = /\((\d+) runs\)/.exec(output)?.[1] ?? '?'
  // getToken asked on the click, then the token signed into the page.
  for (const [kind, goal] of [
    ['prefetched', 20],
    ['cold', 50],
    ['prefetched, token in the page', 20],
    ['cold, token in the page', 50],
  ] as const) {
    const visible = new RegExp(
      `^\\s+${kind} visible \\(next frame\\)\\s+median ([\\d.]+) ms\\s+p90 ([\\d.]+) ms`,
      'm',
    ).exec(output)
    if (visible) {
      rows.push({
        bench: 'widget',
        measure: `click → flow visible in Chromium, ${kind}, median of ${runs} (p90)`,
        value: `${visible[1]} ms (${visible[2]} ms)`,
        goal: `≤ ${goal} ms`,
        result: number(visible[1]) <= goal ? 'PASS' : 'FAIL',
      })
    }
    const inserted = new RegExp(
      `^\\s+${kind} dialog in the DOM\\s+median ([\\d.]+) ms\\s+p90 ([\\d.]+) ms`,
      'm',
    ).exec(output)
    if (inserted) {
      rows.push({
        bench: 'widget',
        measure: `click → dialog in the DOM, ${kind}, median (p90)`,
        value: `${inserted[1]} ms (${inserted[2]} ms)`,
        goal: '',
        result: '',
      })
    }
  }
  const sizes = /Gzip sizes \(dist\/sizes\.json\): (.+)/.exec(output)?.[1]
  if (sizes) {
    const gzip = new Map(
      Array.from(sizes.matchAll(/([\w.-]+) (\d+) B/g), (m) => [m[1] as string, number(m[2])]),
    )
    const loader = gzip.get('loader.js')
    const bundle = Array.from(gzip.entries()).find(([file]) => /^widget\.[0-9a-f]+\.js$/.test(file))
    if (loader !== undefined) {
      rows.push({
        bench: 'widget',
        measure: 'loader.js, gzip',
        value: `${loader} B`,
        goal: '≤ 1200 B',
        result: loader <= 1200 ? 'PASS' : 'FAIL',
      })
    }
    if (loader !== undefined && bundle) {
      const total = loader + bundle[1]
      rows.push({
        bench: 'widget',
        measure: `loader + ${bundle[0]}, gzip`,
        value: `${total} B`,
        goal: '≤ 14336 B',
        result: total <= 14336 ? 'PASS' : 'FAIL',
      })
    }
  }
  // Click → dialog as a ratio to the inline <dialog> anchor measured in the same runs.
  rows.push(...goalRows('widget', output))
  return rows
}

export function configRows(output: string): Row[] {
  const rows: Row[] = []
  const row = (name: string) =>
    new RegExp(
      `\\|\\s*${name.replace(/[/:]/g, (c) => `\\${c}`)}\\s*\\|\\s*(\\d+)\\s*\\|\\s*([\\d.]+)\\s*\\|\\s*([\\d.]+)\\s*\\|\\s*([\\d.]+)\\s*\\|\\s*([\\d.]+)\\s*\\|\\s*(\\d+)\\s*\\|`,
    ).exec(output)
  for (const [name, label] of [
    ['bare node:http', 'bare node:http, same bytes'],
    ['GET /api/widget/config/:id', 'GET /api/widget/config/:id'],
  ] as const) {
    const m = row(name)
    if (m) {
      rows.push({
        bench: 'config endpoint',
        measure: `${label}: req/s (p50 / p99), server CPU per request`,
        value: `${m[2]} (${m[3]} / ${m[4]} ms), ${m[5]} µs${m[6] !== '0' ? `, ${m[6]} errors` : ''}`,
        goal: '',
        result: '',
      })
    }
  }
  rows.push(...goalRows('config endpoint', output))
  const light = /concurrency (\d+): app p99 ([\d.]+) ms, bare ([\d.]+) ms/.exec(output)
  if (light) {
    rows.push({
      bench: 'config endpoint',
      measure: `app p99 latency (ms), ${light[1]} connections (bare server: ${light[3]})`,
      value: light[2] ?? '',
      goal: '≤ 5',
      result: number(light[2]) <= 5 ? 'PASS' : 'FAIL',
    })
  }
  const ceiling = /load generator ceiling \(([^)]*)\): (\d+) req\/s/.exec(output)
  if (ceiling) {
    rows.push({
      bench: 'config endpoint',
      measure: `load generator ceiling (${ceiling[1]})`,
      value: `${ceiling[2]} req/s`,
      goal: '',
      result: '',
    })
  }
  return rows
}

/** Per database and scenario: the dashboard's five data sets (sequential, parallel) and the slowest one. */
export function analyticsRows(output: string): Row[] {
  const rows: Row[] = []
  const sections = output.split(/\n(?=### )/).filter((part) => part.startsWith('### '))
  for (const section of sections) {
    const title = /^### (PGlite|PostgreSQL), (\w+): one account with ([\d,]+) events/.exec(section)
    if (!title) continue
    const label = `${title[1]}, ${title[3]} events (${title[2]})`
    const table = Array.from(
      section.matchAll(/^\| ([^|]+?) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$/gm),
      (m) => ({
        name: m[1] as string,
        median: number(m[2]),
        p95: number(m[3]),
      }),
    )
    const pick = (name: string) => table.find((r) => r.name.startsWith(name))
    // The whole page's goals: PostgreSQL ≤ 30 ms at 1M events and ≤ 40 ms at 10M, PGlite ≤ 60 ms at 1M.
    const events = number(title[3])
    const goalMs =
      title[1] === 'PostgreSQL'
        ? events === 1_000_000
          ? 30
          : events === 10_000_000
            ? 40
            : undefined
        : events === 1_000_000
          ? 60
          : undefined
    for (const name of [
      'dashboard: the combined call',
      'dashboard: the five, in parallel',
      'dashboard: the five, sequential',
    ]) {
      const r = pick(name)
      const whole = name === 'dashboard: the combined call' && goalMs !== undefined
      if (r)
        rows.push({
          bench: 'analytics',
          measure: `${label}: ${name.slice('dashboard: '.length)}, median (p95)`,
          value: `${r.median} ms (${r.p95} ms)`,
          goal: whole ? `≤ ${goalMs} ms` : '',
          result: whole ? (r.median <= (goalMs ?? 0) ? 'PASS' : 'FAIL') : '',
        })
    }
    // The BEFORE rows are today's raw-event queries, measured as the baseline: not a data set.
    const before = pick('BEFORE: the six raw-event queries')
    const combined = pick('dashboard: the combined call')
    if (before)
      rows.push({
        bench: 'analytics',
        measure: `${label}: baseline, the six raw-event queries in parallel (no HTTP), median (p95)${combined ? '; combined call / baseline' : ''}`,
        value: `${before.median} ms (${before.p95} ms)${combined ? `; ${(combined.median / before.median).toFixed(2)}×` : ''}`,
        goal: '',
        result: '',
      })
    const single = table.filter(
      (r) => !r.name.startsWith('dashboard') && !r.name.startsWith('(') && !r.name.startsWith('BEFORE'),
    )
    const slowest = single.sort((a, b) => b.median - a.median)[0]
    if (slowest)
      rows.push({
        bench: 'analytics',
        measure: `${label}: slowest data set (${slowest.name}), median (p95)`,
        value: `${slowest.median} ms (${slowest.p95} ms)`,
        goal: '',
        result: '',
      })
  }
  return rows
}

export function memoryRows(output: string): Row[] {
  const lines = output.matchAll(/idle RSS (.+?): (\d+) MB \(peak (\d+) MB; goal ≤ (\d+) MB\)/g)
  return [...lines].map(([, label, rss, peak, goal]) => ({
    bench: 'memory',
    measure: `idle RSS of the server process, ${label} (peak while starting)`,
    value: `${rss} MB (${peak} MB)`,
    goal: `≤ ${goal} MB`,
    result: number(rss) <= number(goal) ? 'PASS' : 'FAIL',
  }))
}

/**
 * The goals a benchmark prints as ratios to a baseline measured in the same run:
 * `| goal: <measure> | <measured> | <baseline> | <ratio>× | <target> | PASS or FAIL |`.
 */
export function goalRows(bench: string, output: string): Row[] {
  return Array.from(
    output.matchAll(
      /^\| goal: ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| ([\d.]+)× \| ([^|]+?) \| (PASS|FAIL) \|$/gm,
    ),
    (m): Row => ({
      bench,
      measure: `${m[1]} (baseline: ${m[3]})`,
      value: `${m[2]}; ${m[4]}×`,
      goal: m[5] ?? '',
      result: m[6] as Row['result'],
    }),
  )
}

/**
 * Ingest through HTTP per database and events per request: the route's and the raw INSERTs' rates, the
 * rounds' ratios, CPU per event, the calls' latency; then the goals.
 */
export function ingestRows(output: string): Row[] {
  const load = /load ([\d.]+) [\d.]+ [\d.]+ \((\d+) CPUs\)/.exec(output)
  const cases = Array.from(
    output.matchAll(
      /^\| (PostgreSQL|PGlite) \| (\d+) \| ([\d,]+) \| ([\d,]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm,
    ),
    (m): Row => ({
      bench: `ingest (${m[1]})`,
      measure: `${m[2]} event(s) per request: route events/s (raw rows/s; ratio per round); server CPU per event / raw row; database CPU; p50 / p99${load ? `; load ${load[1]}` : ''}`,
      value: `${m[3]} (${m[4]}; ${(m[5] ?? '').trim()}); ${(m[6] ?? '').trim()}; ${(m[7] ?? '').trim()}; ${(m[8] ?? '').trim()} ms; ${(m[9] ?? '').trim()}`,
      goal: '',
      result: '',
    }),
  )
  return [...cases, ...goalRows('ingest', output)]
}

/** `npm start` → /health on an empty DATA_DIR: from today's demo template, then from one days old. */
export function coldStartRows(output: string): Row[] {
  return [
    ...output.matchAll(
      /\| cold start: npm start → \/health, empty DATA_DIR(?:, demo template (\d+) days old)? \| ([\d.]+) s \| goal ≤ ([\d.]+) s \| [^|]+ \| ([^|]+) \|/g,
    ),
  ].map(
    (m): Row => ({
      bench: 'cold start',
      measure: `npm start → /health, empty DATA_DIR${m[1] ? `, demo template ${m[1]} days old` : ''}, median (${(m[4] ?? '').trim()})`,
      value: `${m[2]} s`,
      goal: `≤ ${m[3]} s`,
      result: number(m[2]) <= number(m[3]) ? 'PASS' : 'FAIL',
    }),
  )
}

/**
 * Write-in insights: the scorer's held-out accuracy per language beside its best baseline, each
 * write-in data set at 1M sessions a year on PostgreSQL, and the events call with write-ins queued and
 * scored in the same process against the same call with the queue's trigger and the worker off.
 */
export function writeInRows(output: string): Row[] {
  const rows: Row[] = []
  for (const m of output.matchAll(
    /^\| (en|fr|de|es) \| (\d+) \| ([\d.]+) % \/ [\d.]+ % \| ([\d.]+) % \/ [\d.]+ % \| ([\d.]+) % \/ [\d.]+ % \| ([\d.]+) % \/ ([\d.]+) % \|$/gm,
  )) {
    const best = Math.max(number(m[3]), number(m[4]), number(m[5]))
    rows.push({
      bench: 'write-ins',
      measure: `sentiment accuracy ${m[1]}, ${m[2]} labelled write-ins: held out (all), best baseline held out`,
      value: `${m[6]} % (${m[7]} %), baseline ${best.toFixed(1)} %`,
      goal: '> every baseline',
      result: number(m[6]) > best ? 'PASS' : 'FAIL',
    })
  }
  const size =
    /Write-in data sets on PostgreSQL: ([\d,]+) cancel sessions in a year, ([\d,]+) write-ins/.exec(output)
  for (const m of output.matchAll(
    /^\| (write-in-[a-z-]+), (\d+ months?) \| ([\d.]+) ms \| < (\d+) ms \| (PASS|FAIL) \|$/gm,
  ))
    rows.push({
      bench: 'write-ins (PostgreSQL)',
      measure: `${m[1]}, ${m[2]}, ${size ? `${size[1]} sessions, ${size[2]} write-ins` : ''}, median`,
      value: `${m[3]} ms`,
      goal: `< ${m[4]} ms`,
      result: m[5] as Row['result'],
    })
  // The events call, scored against as before, per mix of write-ins (the 30 % mix carries the goal).
  for (const m of output.matchAll(
    /^\| ([^|]+?) \| ([\d,]+) \| ([\d,]+) \| ([\d.]+)× \| ([^|]*) \| (PASS|FAIL)? \| ([\d,]+) \| ([\d.]+) s \| (\d+) \|$/gm,
  ))
    rows.push({
      bench: 'write-ins (PostgreSQL)',
      measure: `events call, ${m[1]}: scored against not scored (ratio; write-ins scored; refused)`,
      value: `${m[2]} events/s against ${m[3]} (${m[4]}×; ${m[7]} scored; ${m[9]} refused)`,
      goal: (m[5] ?? '').trim(),
      result: (m[6] ?? '') as Row['result'],
    })
  return rows
}

/** The Sessions page at 1M sessions: each page's server time, beside the 10k-session baseline's. */
export function sessionsRows(output: string): Row[] {
  const size = /account: ([\d,]+) sessions/.exec(output)?.[1] ?? '?'
  return Array.from(
    output.matchAll(
      /^\| ([^|]+?) \| ([\d.]+) ms \| (\d+) \| ([\d.]+) ms \| ([\d.]+)× \| ([^|]*) \| (PASS|FAIL)? \|$/gm,
    ),
    (m): Row => ({
      bench: 'sessions (PostgreSQL)',
      measure: `${m[1]}, ${size} sessions: server time, median (10k-session baseline, ratio)`,
      value: `${m[2]} ms (${m[4]} ms, ${m[5]}×)`,
      goal: (m[6] ?? '').trim(),
      result: (m[7] as Row['result'] | undefined) ?? '',
    }),
  )
}

/**
 * Payment recovery's evaluation pass over N open invoices all due: ms per invoice, the total, and the
 * baseline measured in the same run (reading the same rows) with the ratio.
 */
export function recoveryRows(output: string): Row[] {
  const load = /load ([\d.]+) [\d.]+ [\d.]+ \((\d+) CPUs\)/.exec(output)
  return Array.from(
    output.matchAll(
      /^\| campaign evaluation, ([\d,]+) open invoices in one pass \| ([\d.]+) \| ([\d.]+) s \| ([\d.]+) \| ([\d.]+)× \|$/gm,
    ),
    (m): Row => ({
      bench: 'payment recovery (PostgreSQL)',
      measure: `campaign evaluation for ${m[1]} open invoices in one pass, ms per invoice (total; baseline read of the same rows per invoice, ratio)${load ? `; load ${load[1]}` : ''}`,
      value: `${m[2]} ms (${m[3]} s; ${m[4]} ms, ${m[5]}×)`,
      goal: '',
      result: '',
    }),
  )
}

/** The memory soak (`npm run bench -- --soak`): RSS after the warm-up and its slope, per database. */
export function soakRows(output: string): Row[] {
  return Array.from(
    output.matchAll(
      /^\| (PGlite|PostgreSQL) \| ([\d.]+) \| (\d+) \| [\d.]+ \| ([^|]+) \| ([^|]+) \| ([+-][\d.]+) MB\/min \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ≤ ([\d.]+) MB\/min \|$/gm,
    ),
    (m): Row => ({
      bench: `soak (${m[1]})`,
      measure: `RSS slope after the warm-up over ${m[2]} min (${m[3]} sessions): RSS after warm-up → at end, 30 s after; heap and external slopes`,
      value: `${m[6]} MB/min (${(m[4] ?? '').trim()} → ${(m[5] ?? '').trim()}, ${(m[9] ?? '').trim()}); ${(m[7] ?? '').trim()}, ${(m[8] ?? '').trim()}`,
      goal: `≤ ${m[10]} MB/min`,
      result: number(m[6]) <= number(m[10]) ? 'PASS' : 'FAIL',
    }),
  )
}
