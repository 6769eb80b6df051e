/** Types of database-free-tests.mjs, for vitest.config.ts and its test. */
export declare function databaseFreeTests(root: string, dir?: string): string[]
