import type { TestProject } from 'vitest/node'
import { ensurePgliteTemplate, ensurePostgresTemplate } from './template-db'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string | null
  }
}

/**
 * Vitest global setup of the server projects: prepares the migrated database templates once per run.
 * For the PostgreSQL project it uses TEST_DATABASE_URL, or starts a throw-away cluster itself.
 */
export default async function setup(project: TestProject) {
  project.provide('testDatabaseUrl', null)
  await ensurePgliteTemplate()
  if (project.config.env?.TEST_DB !== 'postgres') return
  if (!process.env.TEST_DATABASE_URL) {
    // @ts-expect-error: a plain .mjs script without type declarations
    const { startTestPostgres } = await import('../../../scripts/test-postgres.mjs')
    process.env.TEST_DATABASE_URL = (startTestPostgres as () => string)()
  }
  await ensurePostgresTemplate(process.env.TEST_DATABASE_URL as string)
  project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL as string)
}
