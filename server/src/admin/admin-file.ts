import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * DATA_DIR/admin.json: how `npm run admin` reaches the running server (its loopback URL and a token
 * fresh for each start). With the embedded database only one process may open it, so while the server
 * runs the CLI asks it; the file is readable by the operator alone and removed when the server stops.
 */

export interface AdminEndpoint {
  url: string
  token: string
  pid: number
}

export const adminFilePath = (dataDir: string) => join(dataDir, 'admin.json')

/** The URL the CLI can reach a server listening on `host:port` at, from this machine. */
export function loopbackUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost' || host === '')
    return `http://127.0.0.1:${port}`
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`
}

export function newAdminToken(): string {
  return randomBytes(32).toString('base64url')
}

export function writeAdminFile(dataDir: string, endpoint: AdminEndpoint): void {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(adminFilePath(dataDir), `${JSON.stringify(endpoint)}\n`, { mode: 0o600 })
}

/** Removes the file if it still describes this process (a newer server may have replaced it). */
export function removeAdminFile(dataDir: string, pid: number): void {
  if (readAdminFile(dataDir)?.pid === pid) rmSync(adminFilePath(dataDir), { force: true })
}

export function readAdminFile(dataDir: string): AdminEndpoint | null {
  let text: string
  try {
    text = readFileSync(adminFilePath(dataDir), 'utf8')
  } catch {
    return null
  }
  try {
    const value = JSON.parse(text) as Partial<AdminEndpoint>
    if (typeof value.url === 'string' && typeof value.token === 'string' && typeof value.pid === 'number')
      return { url: value.url, token: value.token, pid: value.pid }
  } catch {
    // A torn or hand-edited file: treat as absent.
  }
  return null
}
