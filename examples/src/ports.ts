import { createServer } from 'node:net'

/** Thrown when a port the sandbox needs is taken: the message tells the newcomer what to do. */
export class PortTakenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PortTakenError'
  }
}

/** Whether something already listens on `port` (checked on the loopback address the sandbox binds). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  if (port === 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })
}

/** What answers on a taken port: a Retainkit server says so on /health. */
export async function describeListener(port: number): Promise<'retainkit' | 'other'> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1500) })
    const text = await response.text()
    return response.ok && /"database"/.test(text) ? 'retainkit' : 'other'
  } catch {
    return 'other'
  }
}
