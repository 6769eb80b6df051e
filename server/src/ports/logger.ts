/**
 * The logger every floor of the server may take (the database, the HTTP layer, the services): the
 * interface only; `services/logger.ts` makes the JSON-lines logger that sanitizes every line.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogSink = (line: string) => void

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}
