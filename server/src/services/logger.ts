import { redactText, sanitizeMessage } from '@retainkit/shared/sanitize'
import type { Logger, LogLevel, LogSink } from '../ports/logger'

/**
 * JSON-lines logger. Every line passes the shared sanitizer, so a secret that slips into a message or a
 * field is redacted before it reaches stdout or a log collector.
 */
export type { Logger, LogLevel, LogSink } from '../ports/logger'

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export function createLogger(options: { level?: LogLevel; sink?: LogSink; now?: () => Date } = {}): Logger {
  const threshold = ORDER[options.level ?? 'info']
  const sink = options.sink ?? ((line: string) => process.stdout.write(`${line}\n`))
  const now = options.now ?? (() => new Date())
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < threshold) return
    const clean: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(fields ?? {})) {
      clean[key] =
        typeof value === 'number' || typeof value === 'boolean' || value === null
          ? value
          : redactText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), 2000)
    }
    sink(
      JSON.stringify({
        t: now().toISOString(),
        level,
        msg: sanitizeMessage(message, { audience: 'log' }),
        ...clean,
      }),
    )
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  }
}

/** Collects lines in memory (tests assert that no secret is ever logged). */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return Object.assign(createLogger({ level: 'debug', sink: (line) => lines.push(line) }), { lines })
}
