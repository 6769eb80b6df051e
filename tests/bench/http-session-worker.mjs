// One load-generator thread of ingest.bench.ts: `concurrency` keep-alive connections, each loop taking
// the next session and sending its calls in order (a widget sends a session's calls one after the
// other), each POST with the browser's headers and the session's token. Plain JavaScript so a worker
// thread runs it without a TypeScript loader. Posts back the latencies of the 2xx and the other
// statuses seen. It says 'ready' once loaded and starts on the bench's word.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

const { port, headers, sessions, concurrency } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
const latencies = []
const failures = {}

const post = (path, token, body) =>
  new Promise((resolve) => {
    const started = performance.now()
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          if (text.length < 300) text += chunk
        })
        res.on('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - started)
          else {
            const key = `${res.statusCode} ${text.slice(0, 200)}`
            failures[key] = (failures[key] ?? 0) + 1
          }
          resolve()
        })
      },
    )
    req.on('error', (error) => {
      failures[error.message] = (failures[error.message] ?? 0) + 1
      resolve()
    })
    req.end(body)
  })

// Ready, then wait for the word: the bench times the load from when every thread is up.
parentPort.postMessage('ready')
await new Promise((resolve) => parentPort.once('message', resolve))
let next = 0
await Promise.all(
  Array.from({ length: Math.min(concurrency, sessions.length) }, async () => {
    while (next < sessions.length) {
      const session = sessions[next++]
      for (const body of session.bodies) await post(session.path, session.token, body)
    }
  }),
)
agent.destroy()
parentPort.postMessage({ latencies: Float64Array.from(latencies), failures })
