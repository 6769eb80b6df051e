import { existsSync, readdirSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { preactAliases as marketingPreactAliases } from './marketing/vite.config'
import { databaseFreeTests } from './scripts/database-free-tests.mjs'

/**
 * One Vitest run, several projects: `node` for `*.test.ts` beside the code, `dom` for `*.test.tsx`
 * (happy-dom), and the server suite twice — on PGlite and on PostgreSQL — from the same files (but
 * those that never touch a database, which run on the first only).
 */
const postgresAvailable =
  Boolean(process.env.TEST_DATABASE_URL) ||
  (existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0)
if (!postgresAvailable) {
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error('REQUIRE_POSTGRES=1 but PostgreSQL is not installed')
  console.warn(
    '[vitest] PostgreSQL not found: the server suite runs on PGlite only (apt-get install postgresql)',
  )
}

/**
 * The happy-dom projects keep one fresh global scope per file (their tests stub window.fetch, spy on
 * prototypes and keep module state), but in a VM context of a reused worker instead of a new process
 * per file: the same 45 dom files passed both ways, 81.9 CPU-s in child processes, 55.5 in VM contexts
 * (widget-dom and marketing-dom 15.8 -> 9.1). Sharing one module graph instead (isolate: false) is not
 * safe here: a console preview test then failed on state a previous file left.
 */
const DOM_POOL = 'vmForks' as const

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts'],
    // A file that never reaches the database switch runs the same on both: once is enough.
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      ...(db === 'postgres' ? databaseFreeTests(process.cwd()) : []),
    ],
    env: { TEST_DB: db },
    // One module graph per worker instead of one per file: every file here imports the whole app, and
    // evaluating it anew was a third of the suite's time (routes/account: 80 s isolated, 44 s shared on
    // the loaded 2-core machine). Each test builds its own app, database and clock (test/support/
    // harness.ts), and no file mocks a module, so nothing a file does is seen by the next.
    isolate: false,
    globalSetup: ['server/test/support/global-setup.ts'],
    // As above, a hang guard: the demo seed's race on PGlite passed 30 s in that CI.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
})

/**
 * Each test file's CPU time (scripts/cpu-per-file.ts, a setup file of every project) goes to one file
 * per Vitest run, named here so the workers (forked after this is evaluated) inherit it; the timing
 * reporter reads it at the end.
 */
process.env.RETAINKIT_CPU_FILE = join(tmpdir(), `retainkit-cpu-${process.pid}.jsonl`)
const CPU_PER_FILE = './scripts/cpu-per-file.ts'
type ProjectConfig = { test: { name: string; setupFiles?: string[]; env?: Record<string, string> } }
/** Every project measures its files' CPU and tells the setup file its name. */
const measured = <P extends ProjectConfig>(project: P): P => ({
  ...project,
  test: {
    ...project.test,
    setupFiles: [CPU_PER_FILE, ...(project.test.setupFiles ?? [])],
    env: { ...project.test.env, RETAINKIT_PROJECT: project.test.name },
  },
})

export default defineConfig({
  test: {
    // After the usual summary: the slowest files and each project's time (scripts/timing-reporter.ts).
    reporters: ['default', './scripts/timing-reporter.ts'],
    // A hang guard, not a speed check (speed is measured by benchmarks): CPU-bound tests that take a
    // second or two alone — the exhaustive walks of shared/src/flow/compliance.test.ts, the bundle's
    // renamed-properties check — took over 20 s in a fresh-clone CI on a slow 2-core machine, where the
    // suite keeps both cores saturated throughout (idle < 1 %), and failed as "timed out".
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core CI machine, which ran the
    // whole suite file after file while most files wait on PostgreSQL, PGlite or a socket. Two workers
    // keep both cores busy. `npm test` (scripts/test.mjs) runs the browser project in a second Vitest
    // beside the others, as many browser files at once as this (see the e2e project).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // No file here mocks a module or stubs a global: they can share one module graph per worker.
          isolate: false,
          include: [
            '{shared,console,marketing,examples,widget}/**/*.test.ts',
            'packages/*/{src,test}/**/*.test.ts',
            'packages/fakes/**/*.test.ts',
            'scripts/*.test.ts',
            'tests/bench/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          pool: DOM_POOL,
          include: ['{shared,console}/**/*.test.tsx', 'packages/react/test/**/*.test.tsx'],
          setupFiles: ['console/src/test-support/async-timeout.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        // The marketing pages render with Preact in production (marketing/vite.config.ts), so their
        // tests do too: the same aliases, and Preact's Testing Library.
        extends: true,
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        resolve: { alias: marketingPreactAliases },
        test: {
          name: 'marketing-dom',
          environment: 'happy-dom',
          pool: DOM_POOL,
          include: ['marketing/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        // The widget's components use the React API, drawn by Preact as in its bundles
        // (widget/rollup.config.mjs): `react` and `react-dom` resolve to `preact/compat`.
        extends: true,
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        resolve: { alias: [{ find: /^react(-dom)?$/, replacement: 'preact/compat' }] },
        test: {
          name: 'widget-dom',
          environment: 'happy-dom',
          pool: DOM_POOL,
          include: ['widget/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        // Browser suites against the real server in process (tests/support/product.ts) and Chromium.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // One module graph per worker, as in the server projects: each file imported the whole server,
          // the Stripe fake and playwright-core anew (about 2 s and 1.7 CPU-s a file on the loaded 2-core
          // machine), and the worker's one Chromium (tests/support/chromium.ts) outlives a file. Every
          // file starts its own server, database, Stripe fake and browser contexts, and none mocks a module.
          isolate: false,
          // Two (or more) browser files at once: a file mostly waits — on Chromium, on its server in
          // process, on the Stripe fake and on the scheduler of a loaded machine — and used about a fifth
          // of a core (billing.e2e.ts: 13 CPU-s in 81 s), so one at a time made this project the whole
          // suite's longest path. Each file has its own server, Stripe fake and merchant site on ports
          // the system picks, its own Chromium, and screenshots under names no other file writes.
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // A browser waiting on a real server and the Stripe fake: on a loaded 2-core machine a billing
          // call takes about a second, the default poll's whole budget. A poll stops as soon as it
          // passes, so a longer limit costs nothing when things work.
          expect: { poll: { timeout: 10_000 } },
          // One more try for a failed browser test: on the saturated 2-core CI machine each fresh-clone
          // run found a different one-off (a chart caught moving, a click timed under a neighbour's
          // load) among 43 files, and one failed test failed the whole run. Never silent: `npm test`
          // ends by naming every test that passed only when retried (scripts/timing-reporter.ts), and
          // a test that fails twice fails the run. The other projects run no browser and get no retry.
          retry: 1,
        },
      },
      serverProject('server', 'pglite'),
      ...(postgresAvailable ? [serverProject('server-pg', 'postgres')] : []),
    ].map(measured),
  },
})
