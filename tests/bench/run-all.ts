/**
 * `npm run bench`: every benchmark under tests/bench, one after the other, then ONE markdown table of
 * their figures with the machine and the versions they ran on.
 *
 *   npm run bench                 widget (20 runs), config endpoint (4 × 3 s), analytics (1M events inside
 *                                 the dashboard's range, 10 runs, PGlite and PostgreSQL), ingest on PostgreSQL (1, 3 and 50 events per request), cold start
 *                                 (3 runs), idle memory of real server processes (PGlite and PostgreSQL), the
 *                                 Sessions page at 1M sessions on PostgreSQL (10 runs of each page), payment recovery's
 *                                 evaluation pass over 100k open invoices (PostgreSQL)
 *   npm run bench --quick         CI-size: widget 5 runs, config 40 × 150 ms, analytics 20k events, 3 runs
 *   npm run bench --full          analytics on 200k and 1M events (both scenarios) and 10M on PostgreSQL, 20 runs
 *                                 (long: an hour or more on a small machine)
 *   npm run bench -- --soak       only the memory soak: 30 min of widget traffic per database (PGlite,
 *                                 PostgreSQL), RSS slope after the warm-up (an hour on a small machine)
 *   options: --only=widget,config,analytics,ingest,cold-start,memory,write-ins,sessions,recovery
 *            --pglite-baseline=<checkout of fcdaf26>  ingest's PGlite goal against that code, same run
 *
 * Each benchmark runs as its own process, exactly as when run by hand (`npx tsx tests/bench/<name>`),
 * and its figures are read from what it prints: the benchmarks stay standalone and unchanged, and a
 * benchmark that crashes cannot take the others down. Every full output is also kept under
 * tests/artifacts/bench/. Exits 1 if a benchmark crashed or printed no figures; a missed goal shows as
 * FAIL in the table.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { machineNotes } from './machine'
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

const args = process.argv.slice(2)
// From the repository root, `npm run bench --quick` reaches us as npm_config_quick (npm keeps unknown flags).
const flag = (name: string) => args.includes(`--${name}`) || process.env[`npm_config_${name}`] === 'true'
const QUICK = flag('quick')
const FULL = flag('full')
const SOAK = flag('soak')
// From the repository root, `npm run bench -- --only=a,b` also reaches us as npm_config_only.
const only = (
  args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? process.env.npm_config_only
)?.split(',')
// A checkout of the code before issue 37 for the ingest bench's PGlite goal (ingest.bench.ts says how).
const pgliteBaseline =
  args.find((arg) => arg.startsWith('--pglite-baseline='))?.slice('--pglite-baseline='.length) ??
  process.env.npm_config_pglite_baseline

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url))
const ARTIFACTS = fileURLToPath(new URL('../artifacts/bench/', import.meta.url))

interface Bench {
  name: string
  file: string
  args: string[]
  rows(output: string): Row[]
}

const BENCHES: Bench[] = [
  { name: 'widget', file: 'widget.bench.ts', args: [`--runs=${QUICK ? 5 : 20}`], rows: widgetRows },
  {
    name: 'config',
    file: 'config-endpoint.bench.ts',
    args: QUICK ? ['--rounds=40'] : [],
    rows: configRows,
  },
  {
    name: 'analytics',
    file: 'analytics.bench.ts',
    args: FULL
      ? ['--full']
      : QUICK
        ? ['--quick', '--sizes=20000', '--runs=3']
        : // The goals are set at 1M events in the dashboard's range (the dense scenario, the harder one).
          ['--sizes=1000000', '--scenarios=dense', '--runs=10'],
    rows: analyticsRows,
  },
  {
    name: 'ingest',
    file: 'ingest.bench.ts',
    args: [
      ...(QUICK ? ['--events=1500', '--pglite-events=600', '--rounds=2'] : []),
      ...(pgliteBaseline ? [`--pglite-baseline=${pgliteBaseline}`] : []),
    ],
    rows: ingestRows,
  },
  {
    name: 'cold-start',
    file: 'cold-start.bench.mjs',
    args: [`--runs=${QUICK ? 1 : 3}`],
    rows: coldStartRows,
  },
  { name: 'memory', file: 'memory.bench.ts', args: [], rows: memoryRows },
  {
    name: 'write-ins',
    file: 'write-ins.bench.ts',
    args: QUICK ? ['--sessions=20000', '--runs=3', '--events=1500', '--rounds=2'] : [],
    rows: writeInRows,
  },
  {
    name: 'sessions',
    file: 'sessions.bench.ts',
    args: QUICK ? ['--sessions=20000', '--runs=3'] : ['--runs=10'],
    rows: sessionsRows,
  },
  {
    name: 'recovery',
    file: 'recovery.bench.ts',
    args: QUICK ? ['--invoices=10000', '--accounts=20', '--stripe=200'] : [],
    rows: recoveryRows,
  },
]

/** Long, so never part of the default run: `--soak` runs it alone. */
const SOAK_BENCH: Bench = { name: 'soak', file: 'soak.bench.ts', args: [], rows: soakRows }

/** Runs one benchmark, echoing its output as it comes (prefixed), and returns all of it. */
function run(bench: Bench): Promise<{ output: string; code: number | null; seconds: number }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, bench.file), ...bench.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    })
    let output = ''
    const echo = (chunk: Buffer) => {
      const text = chunk.toString()
      output += text
      for (const line of text.split('\n')) if (line) process.stderr.write(`[${bench.name}] ${line}\n`)
    }
    child.stdout.on('data', echo)
    child.stderr.on('data', echo)
    child.on('close', (code) => resolve({ output, code, seconds: (Date.now() - started) / 1000 }))
  })
}

async function main(): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const rows: Row[] = []
  const durations: string[] = []
  let broken = false
  const chosen = SOAK ? [SOAK_BENCH] : BENCHES.filter((b) => !only || only.includes(b.name))
  for (const bench of chosen) {
    process.stderr.write(`\n[bench] ${bench.file} ${bench.args.join(' ')}\n`)
    const { output, code, seconds } = await run(bench)
    writeFileSync(join(ARTIFACTS, `${bench.name}.log`), output)
    durations.push(`${bench.name} ${seconds.toFixed(0)} s`)
    const found = bench.rows(output)
    if (found.length === 0) {
      broken = true
      rows.push({
        bench: bench.name,
        measure: `no figures (exit code ${code})`,
        value: '—',
        goal: '',
        result: 'ERROR',
      })
    } else rows.push(...found)
  }

  const lines = [
    `## Retainkit benchmarks (${new Date().toISOString()}${QUICK ? ', --quick' : FULL ? ', --full' : SOAK ? ', --soak' : ''})`,
    '',
    ...(await machineNotes()).map((note) => `- ${note}`),
    `- time per benchmark: ${durations.join(', ')}; full outputs in ${ARTIFACTS}`,
    '',
    '| benchmark | measure | value | goal | result |',
    '|---|---|---:|---|---|',
    ...rows.map((r) => `| ${r.bench} | ${r.measure} | ${r.value} | ${r.goal} | ${r.result} |`),
  ]
  process.stdout.write(`\n${lines.join('\n')}\n`)
  if (broken) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
