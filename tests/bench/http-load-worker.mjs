// One load-generator thread of config-endpoint.bench.ts: keep-alive GETs (keep-alive-client.mjs) from
// `concurrency` loops for `durationMs`, each loop sending its next request when the last one ended. Plain JavaScript so a
// worker thread runs it without a TypeScript loader. Posts back the latencies of the 200s.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'
import { keepAliveConnection, requestBytes } from './keep-alive-client.mjs'

const { port, path, headers, durationMs, concurrency } = workerData
const request = requestBytes('GET', path, port, headers)
const latencies = []
let errors = 0

const one = async (connection) => {
  const started = performance.now()
  try {
    const answer = await connection.send(request)
    if (answer.status === 200) latencies.push(performance.now() - started)
    else errors++
  } catch {
    errors++
  }
}

const began = performance.now()
const end = began + durationMs
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    const connection = keepAliveConnection(port)
    while (performance.now() < end) await one(connection)
    connection.close()
  }),
)
const cpu = process.cpuUsage()
parentPort.postMessage({
  latencies: Float64Array.from(latencies),
  errors,
  seconds: (performance.now() - began) / 1000,
  // The thread's share is not separable from the process's; the process total is reported per round.
  cpu: cpu.user + cpu.system,
})
