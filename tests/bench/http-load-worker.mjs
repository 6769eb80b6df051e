// One load-generator thread of config-endpoint.bench.ts: keep-alive GETs from `concurrency` loops for
// `durationMs`, each loop sending its next request when the last one ended. Plain JavaScript so a
// worker thread runs it without a TypeScript loader. Posts back the latencies of the 200s.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

const { port, path, headers, durationMs, concurrency } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
const latencies = []
let errors = 0

const one = () =>
  new Promise((resolve) => {
    const started = performance.now()
    const req = http.request({ agent, host: '127.0.0.1', port, path, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => {
        if (res.statusCode === 200) latencies.push(performance.now() - started)
        else errors++
        resolve()
      })
    })
    req.on('error', () => {
      errors++
      resolve()
    })
    req.end()
  })

const began = performance.now()
const end = began + durationMs
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) await one()
  }),
)
agent.destroy()
const cpu = process.cpuUsage()
parentPort.postMessage({
  latencies: Float64Array.from(latencies),
  errors,
  seconds: (performance.now() - began) / 1000,
  // The thread's share is not separable from the process's; the process total is reported per round.
  cpu: cpu.user + cpu.system,
})
