import { Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's Prometheus metrics, through `prom-client` (the metrics library, not our own
 * text format). Counters and histograms live in one registry for the process; what is read from the
 * database at scrape time (queue depths, worker lag) is registered per app (`database-gauges.ts`).
 * Nothing here is touched unless /metrics is switched on: off by default, no request pays for it.
 */
export const processRegistry = new Registry()

export const httpRequests = new Counter({
  name: 'retainkit_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [processRegistry],
})

export const httpDuration = new Histogram({
  name: 'retainkit_http_request_duration_seconds',
  help: 'Time from a request reaching the server to its answer being handed to the socket, by route pattern',
  labelNames: ['route', 'method'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
})

export const webhookAttempts = new Counter({
  name: 'retainkit_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), refused (another status), no_answer (no status within the deadline, or no connection)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
})

export const mailAttempts = new Counter({
  name: 'retainkit_mail_attempts_total',
  help: 'Mail outbox send attempts by outcome: sent, retry (failed, to be tried again), failed (given up), and by kind',
  labelNames: ['outcome', 'kind'] as const,
  registers: [processRegistry],
})

export const backgroundPasses = new Counter({
  name: 'retainkit_background_passes_total',
  help: 'Background passes run by this instance, by pass and result (ok, failed, skipped: another instance holds the pass)',
  labelNames: ['pass', 'result'] as const,
  registers: [processRegistry],
})

export const backgroundPassLastSuccess = new Gauge({
  name: 'retainkit_background_pass_last_success_timestamp_seconds',
  help: 'When each background pass last finished without error in this instance (Unix seconds)',
  labelNames: ['pass'] as const,
  registers: [processRegistry],
})

/** A webhook attempt's outcome as a label: the status decides, not the error text. */
export function webhookOutcome(status: number | null): 'delivered' | 'refused' | 'no_answer' {
  if (status === null) return 'no_answer'
  return status >= 200 && status < 300 ? 'delivered' : 'refused'
}

/** Counts a background pass's result; the last success's time for ok. */
export function recordPass(pass: string, result: 'ok' | 'failed' | 'skipped', now = Date.now()): void {
  backgroundPasses.inc({ pass, result })
  if (result === 'ok') backgroundPassLastSuccess.set({ pass }, now / 1000)
}
