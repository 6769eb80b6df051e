/** Types of timing-report.mjs, for the Vitest reporter and its test. */

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

/** The report's lines: the `slowest` slowest files, then one line per project (longest span first). */
export declare function timingReport(files: readonly FileTiming[], slowest?: number): string[]
