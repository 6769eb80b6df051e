// Running a command from an entry script (`npm start`, `npm test`, the Node 24 re-run, …) the way a
// supervisor expects of one process: SIGINT, SIGTERM and SIGHUP sent to us are handed to the child,
// and we end as the child ended — with its exit code, or killed by the same signal — so `kill -TERM`
// of `npm start` (what `docker stop` and most supervisors send) drains the server and then exits,
// instead of leaving it orphaned and still holding DATA_DIR's lock.
//
// Runs on whatever Node the machine has (require-node.mjs uses it before leaving an old Node): Node 18
// APIs only.
import { spawn } from 'node:child_process'

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']

/** The first stop signal this process received, if any: no further command is started after one. */
let stopSignal = null

/**
 * Runs `command` with the terminal (stdio inherited), forwarding stop signals while it runs. Resolves
 * to how it ended: `{ code, signal }`. After a stop signal it starts nothing and answers that signal.
 * With `prefix`, its output goes through us, each line prefixed (two commands sharing one log).
 */
export function run(command, args, { env = process.env, cwd, prefix } = {}) {
  if (stopSignal) return Promise.resolve({ code: null, signal: stopSignal })
  return new Promise((resolve) => {
    const stdio = prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit'
    const child = spawn(command, args, { stdio, env, cwd })
    const flushed = prefix
      ? Promise.all([
          prefixLines(child.stdout, process.stdout, prefix),
          prefixLines(child.stderr, process.stderr, prefix),
        ])
      : Promise.resolve()
    const forward = (signal) => {
      stopSignal ??= signal
      // The child may have exited a moment ago; nothing to hand it then.
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    }
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward)
    const done = (result) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward)
      resolve(result)
    }
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`)
      done({ code: 127, signal: null })
    })
    child.on('exit', (code, signal) => flushed.then(() => done({ code, signal })))
  })
}

/** Copies `from` to `to` line by line, each line prefixed; resolves once `from` has ended. */
function prefixLines(from, to, prefix) {
  let partial = ''
  from.setEncoding('utf8')
  from.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    if (lines.length > 0) to.write(lines.map((line) => `${prefix}${line}\n`).join(''))
  })
  return new Promise((resolve) => {
    from.on('close', () => {
      if (partial) to.write(`${prefix}${partial}\n`)
      resolve()
    })
  })
}

/** Ends this process as `result` ended: the same exit code, or the same signal. */
export function exitAs({ code, signal }) {
  if (signal) {
    // No handler of ours is left for it: the default action ends the process, as it ended the child.
    for (const forwarded of FORWARDED_SIGNALS) process.removeAllListeners(forwarded)
    process.kill(process.pid, signal)
    // Should the signal be ignored here (a parent's SIG_IGN), still end, with the shell's convention.
    setTimeout(() => process.exit(128 + (signalNumbers[signal] ?? 0)), 1000).unref()
    return
  }
  process.exit(code ?? 1)
}

/** Runs the command and ends as it ended: the tail of an entry script. */
export async function runAndExit(command, args, options) {
  exitAs(await run(command, args, options))
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }
