// One load-generator thread of ingest.bench.ts: `concurrency` keep-alive connections
// (keep-alive-client.mjs), each loop taking the next session and sending its calls in order (a widget
// sends a session's calls one after the other), each POST with the browser's headers and the session's
// token. Plain JavaScript so a worker
// thread runs it without a TypeScript loader. Posts back the latencies of the 2xx and the other
// statuses seen. It says 'ready' once loaded and starts on the bench's word.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'
import { keepAliveConnection, requestBytes } from './keep-alive-client.mjs'

const { port, headers, sessions, concurrency } = workerData
const latencies = []
const failures = {}

const post = async (connection, path, token, body) => {
  const request = requestBytes(
    'POST',
    path,
    port,
    { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  )
  const started = performance.now()
  try {
    const answer = await connection.send(request)
    if (answer.status >= 200 && answer.status < 300) latencies.push(performance.now() - started)
    else {
      const key = `${answer.status} ${answer.body.slice(0, 200)}`
      failures[key] = (failures[key] ?? 0) + 1
    }
  } catch (error) {
    failures[error.message] = (failures[error.message] ?? 0) + 1
  }
}

// Ready, then wait for the word: the bench times the load from when every thread is up.
parentPort.postMessage('ready')
await new Promise((resolve) => parentPort.once('message', resolve))
let next = 0
await Promise.all(
  Array.from({ length: Math.min(concurrency, sessions.length) }, async () => {
    const connection = keepAliveConnection(port)
    while (next < sessions.length) {
      const session = sessions[next++]
      for (const body of session.bodies) await post(connection, session.path, session.token, body)
    }
    connection.close()
  }),
)
parentPort.postMessage({ latencies: Float64Array.from(latencies), failures })
