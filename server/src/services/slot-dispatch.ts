import type { Logger } from './logger'

/**
 * How the durable queues (webhook deliveries, mail) run their attempts: side by side in up to
 * `concurrency` slots per process, a freed slot claimed into at once, so one slow attempt holds its own
 * slot — for at most its deadline — and never the queue. What "due", "claim" and "attempt" mean is the
 * queue's own (a lease written in one statement, `FOR UPDATE SKIP LOCKED`); an attempt records its own
 * result and resolves, and one that throws is logged and left to its lease.
 */
export interface SlotQueue<Row, Result> {
  /** Names the queue in log lines. */
  name: string
  concurrency: number
  /** Claims up to `free` due rows for this process. */
  claim(free: number): Promise<Row[]>
  attempt(row: Row): Promise<Result>
}

interface Dispatcher {
  inFlight: Set<Promise<void>>
  /** Claims into the free slots and starts each attempt without waiting; resolves with how many. */
  fill(): Promise<number>
}

function createDispatcher<Row, Result>(
  queue: SlotQueue<Row, Result>,
  logger: Logger,
  onSettled: (result: Result | undefined) => void,
): Dispatcher {
  const inFlight = new Set<Promise<void>>()
  const start = (row: Row) => {
    const running: Promise<void> = queue
      .attempt(row)
      .catch((error: unknown) => {
        logger.error(`${queue.name}: an attempt failed unrecorded; its lease will run out`, {
          error: error instanceof Error ? error.message : String(error),
        })
        return undefined
      })
      .then((result) => {
        inFlight.delete(running)
        onSettled(result)
      })
    inFlight.add(running)
  }
  return {
    inFlight,
    async fill() {
      const free = queue.concurrency - inFlight.size
      if (free <= 0) return 0
      const rows = await queue.claim(free)
      for (const row of rows) start(row)
      return rows.length
    },
  }
}

/**
 * One pass: attempts what is due until nothing more is (or only what another instance holds), and
 * resolves with each attempt's result (undefined for one that threw). What tests and tools call.
 */
export async function drainSlots<Row, Result>(
  queue: SlotQueue<Row, Result>,
  logger: Logger,
): Promise<(Result | undefined)[]> {
  const results: (Result | undefined)[] = []
  const dispatcher = createDispatcher(queue, logger, (result) => results.push(result))
  for (;;) {
    // An attempt that ended while the claim ran may have freed what the claim could not take: claim again.
    const settledBefore = results.length
    const claimed = await dispatcher.fill()
    const { inFlight } = dispatcher
    const quiet = claimed === 0 && inFlight.size === 0
    if (quiet && results.length === settledBefore) return results
    if (quiet) continue
    if (claimed === 0 || inFlight.size >= queue.concurrency) await Promise.race(inFlight)
  }
}

export interface SlotWorker {
  /** Claims now (a timer tick, a freed slot, a notification that work was queued). */
  wake(): void
  /** Resolves once nothing is being claimed or attempted. */
  idle(): Promise<void>
  /** Stops claiming; resolves once the attempts in flight have ended (each within its deadline). */
  stop(): Promise<void>
}

/** In every instance: claims every `everyMs`, whenever an attempt ends, and on `wake()`. */
export function startSlotWorker<Row, Result>(
  queue: SlotQueue<Row, Result>,
  logger: Logger,
  everyMs: number,
): SlotWorker {
  let stopped = false
  let claiming: Promise<void> | null = null
  let again = false
  // One claim at a time; a slot freed (or work queued) meanwhile is claimed into right after it.
  const wake = (): void => {
    if (stopped) return
    if (claiming) {
      again = true
      return
    }
    claiming = dispatcher
      .fill()
      .then(() => undefined)
      .catch((error: unknown) => {
        logger.error(`${queue.name} pass failed`, {
          error: error instanceof Error ? error.message : String(error),
        })
      })
      .finally(() => {
        claiming = null
        if (again) {
          again = false
          wake()
        }
      })
  }
  const dispatcher = createDispatcher(queue, logger, wake)
  const timer = setInterval(wake, everyMs)
  timer.unref()
  wake()
  const idle = async () => {
    while (claiming || dispatcher.inFlight.size > 0)
      await Promise.allSettled([claiming, ...dispatcher.inFlight])
  }
  return {
    wake,
    idle,
    async stop() {
      stopped = true
      clearInterval(timer)
      await idle()
    },
  }
}
