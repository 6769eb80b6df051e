import type { Logger } from './logger'

/**
 * Work a request starts and does not wait for (the subscription backfill after a connection). Each
 * task's failure is logged, never thrown: a periodic worker retries it. `idle()` resolves once nothing
 * started so far is still running, so a test (or a shutdown) can tell the background is quiet.
 */
export interface BackgroundWork {
  run(name: string, task: () => Promise<unknown>): void
  idle(): Promise<void>
}

export function createBackgroundWork(logger: Logger): BackgroundWork {
  const running = new Set<Promise<unknown>>()
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => {
          logger.warn(`${name} failed; a periodic worker retries it`, {
            error: error instanceof Error ? error.message : String(error),
          })
        })
        .finally(() => running.delete(promise))
      running.add(promise)
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
