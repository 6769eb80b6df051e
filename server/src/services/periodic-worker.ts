import { recordPass } from '../observability/metrics'
import type { Logger } from './logger'

/**
 * Runs `pass` every `everyMs` in this process, one pass at a time, never throwing (a failed pass is
 * logged and the next one tries again). The timer does not keep the process alive. Returns a stop function.
 */
export function startPeriodicWorker(
  logger: Logger,
  name: string,
  everyMs: number,
  /** Resolves 'skipped' when another instance holds the pass (cluster-pass.ts): counted as such. */
  pass: () => Promise<unknown>,
): () => void {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      recordPass(name, (await pass()) === 'skipped' ? 'skipped' : 'ok')
    } catch (error) {
      recordPass(name, 'failed')
      logger.error(`${name} pass failed`, { error: error instanceof Error ? error.message : String(error) })
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
