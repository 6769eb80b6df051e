// Apart from the harness so that a test needing only this reaches no database switch, and runs once
// rather than on both databases (scripts/database-free-tests.mjs).

/** What @hono/node-server passes as the app's env: the Node request (its socket and raw headers). */
export function nodeBindings(peer: string, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  )
  return { incoming: { socket: { remoteAddress: peer }, headers: lower } }
}
