// One load-generator thread of config-endpoint.bench.ts, kept for the whole run: it holds keep-alive
// connections (keep-alive-client.mjs) to each target and, per message { port, durationMs, concurrency },
// runs `concurrency` loops against that port for `durationMs`, each loop sending its next request when
// the last one ended, then posts back the latencies of the 200s, the errors and the seconds the slice
// took by its own clock. A thread and its connections live across slices, so a slice's figure holds no
// thread start-up and no connection set-up (a fresh worker per round put 50-150 ms of start-up into a
// 1.5 s round's wall time, unevenly). Plain JavaScript so a worker thread runs it without a TypeScript
// loader.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'
import { keepAliveConnection, requestBytes } from './keep-alive-client.mjs'

const { path, headers } = workerData
/** Per port: the request's bytes and the connections opened to it so far. */
const targets = new Map()

function target(port) {
  let known = targets.get(port)
  if (!known) {
    known = { request: requestBytes('GET', path, port, headers), connections: [] }
    targets.set(port, known)
  }
  return known
}

async function slice({ port, durationMs, concurrency }) {
  const { request, connections } = target(port)
  while (connections.length < concurrency) connections.push(keepAliveConnection(port))
  const latencies = []
  let errors = 0
  const began = performance.now()
  const end = began + durationMs
  await Promise.all(
    connections.slice(0, concurrency).map(async (connection) => {
      while (performance.now() < end) {
        const started = performance.now()
        try {
          const answer = await connection.send(request)
          if (answer.status === 200) latencies.push(performance.now() - started)
          else errors++
        } catch {
          errors++
        }
      }
    }),
  )
  return { latencies: Float64Array.from(latencies), errors, seconds: (performance.now() - began) / 1000 }
}

parentPort.on('message', async (message) => {
  if (message === 'close') {
    for (const { connections } of targets.values()) for (const connection of connections) connection.close()
    parentPort.close()
    return
  }
  parentPort.postMessage(await slice(message))
})
