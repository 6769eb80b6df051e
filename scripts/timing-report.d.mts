/** Types of timing-report.mjs, for the Vitest reporter and its test. */

/** A test (or a file's or suite's set-up) that failed, or passed only when retried. */
export type TestProblem = {
  /** The test's full name; for an error outside any test, where it happened ("(file)", a suite). */
  test: string
  /** The first line of the first error; absent when the test passed on a retry. */
  error?: string
  /** Failed first, then passed when retried: reported, never silent. */
  passedOnRetry?: boolean
}

/** One finished test file as the report needs it. */
export type FileTiming = {
  project: string
  file: string
  /** The file's own time: import, set-up and its tests, in ms. */
  ms: number
  /** Wall clock (ms since any fixed origin) when the file started and ended. */
  start: number
  end: number
  /**
   * CPU time of the worker process while the file ran (scripts/cpu-per-file.ts): its own code and
   * PGlite's engine, not Chromium, PostgreSQL or processes the file spawned. Absent when not measured.
   */
  cpuMs?: number
  /** Its failed tests and set-up errors, and its tests that passed only when retried. */
  problems?: TestProblem[]
}

/** The report's lines: the `slowest` slowest files, then one line per project (longest span first). */
export declare function timingReport(files: readonly FileTiming[], slowest?: number): string[]

/**
 * The failures' lines, printed last so that the tail of a long CI log names them: every failed test
 * and set-up error with its file and first error line, then the tests that passed only when retried,
 * then errors Vitest caught outside any test. Empty when there is nothing to say.
 */
export declare function failureReport(files: readonly FileTiming[], unhandled?: readonly string[]): string[]
