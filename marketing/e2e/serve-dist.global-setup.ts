import type { Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { serveDist } from '../scripts/serve-dist'

let server: Server | undefined

/** Serves the static build with the stub API, unless a running site was named in MARKETING_BASE_URL. */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.MARKETING_BASE_URL) return
  const dir = join(fileURLToPath(new URL('..', import.meta.url)), 'dist')
  const served = await serveDist({ dir, port: 0, stubApi: true })
  server = served.server
  project.provide('marketingBaseUrl', served.url)
  project.provide('marketingServesConsole', false)
}

export async function teardown(): Promise<void> {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
}
