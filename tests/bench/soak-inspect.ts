/**
 * What the soak reads of the server's memory beyond its RSS, to tell retention from growth a collection
 * gives back: through the server's inspector (started with `--inspect=127.0.0.1:<port>`, the bench's own
 * process only), a full garbage collection and then `process.memoryUsage()`; from /proc/<pid>/smaps,
 * the resident part of WebAssembly memories (PGlite's database runs in one: V8 reserves each as a
 * mapping of 8 GiB or more, so any mapping that large is one) apart from the rest.
 */
export interface AfterGc {
  /** V8 heap in use after a full collection: what is really retained. */
  heapAfterGcMb: number
  externalAfterGcMb: number
  arrayBuffersAfterGcMb: number
}

const MB = 2 ** 20

/** One inspector session over the server's debugger WebSocket. */
export async function connectInspector(inspectPort: number) {
  const targets = (await fetch(`http://127.0.0.1:${inspectPort}/json/list`).then((r) => r.json())) as {
    webSocketDebuggerUrl: string
  }[]
  const url = targets[0]?.webSocketDebuggerUrl
  if (!url) throw new Error('the server offers no inspector target')
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    socket.addEventListener('error', () => reject(new Error('inspector connection failed')), { once: true })
  })
  let nextId = 1
  const waiting = new Map<number, (result: unknown) => void>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
    if (message.id !== undefined) waiting.get(message.id)?.(message.result)
    if (message.id !== undefined) waiting.delete(message.id)
  })
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++
      waiting.set(id, resolve)
      socket.send(JSON.stringify({ id, method, params }))
    })
  return {
    /** A full collection, then the process's memory figures. */
    async afterGc(): Promise<AfterGc> {
      await send('HeapProfiler.collectGarbage')
      const answer = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result?: { value?: string } }
      const usage = JSON.parse(answer.result?.value ?? '{}') as Partial<NodeJS.MemoryUsage>
      return {
        heapAfterGcMb: (usage.heapUsed ?? Number.NaN) / MB,
        externalAfterGcMb: (usage.external ?? Number.NaN) / MB,
        arrayBuffersAfterGcMb: (usage.arrayBuffers ?? Number.NaN) / MB,
      }
    },
    close() {
      socket.close()
    },
  }
}
