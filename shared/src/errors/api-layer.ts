import { headWithoutCutToken, redactText } from '../sanitize'
import type { ErrorCode } from './codes'
import { codeForStatus } from './http-status'

/**
 * Codes of the console's backend client: they describe the transport, not the
 * server's verdict, and each resolves to a catalogue code for what the user is told.
 */
export const API_LAYER_CODES = ['PARSE_ERROR', 'HTTP_ERROR', 'NETWORK_ERROR'] as const
export type ApiLayerCode = (typeof API_LAYER_CODES)[number]

export function isApiLayerCode(value: unknown): value is ApiLayerCode {
  return typeof value === 'string' && (API_LAYER_CODES as readonly string[]).includes(value)
}

export const PARSE_ERROR_MESSAGE = 'Invalid response format from server'

/** Enough of a body to recognise an HTML error page or a proxy's message, short enough for a toast. */
export const PARSE_ERROR_SNIPPET_LENGTH = 100

/** Only this much of a body is ever scrubbed for a snippet: the rest cannot reach 100 characters. */
const SNIPPET_SOURCE_LENGTH = 4_000

/**
 * 'Invalid response format from server: <snippet>' with the start of the body, scrubbed (markup stripped,
 * secrets redacted) and cut to PARSE_ERROR_SNIPPET_LENGTH; the bare message when nothing is left.
 */
export function parseErrorMessage(responseText: unknown): string {
  if (typeof responseText !== 'string') return PARSE_ERROR_MESSAGE
  const snippet = redactText(
    headWithoutCutToken(responseText, SNIPPET_SOURCE_LENGTH),
    PARSE_ERROR_SNIPPET_LENGTH,
  )
  return snippet === '' ? PARSE_ERROR_MESSAGE : `${PARSE_ERROR_MESSAGE}: ${snippet}`
}

/** 'HTTP {status}', for a failed response whose body names no error. */
export function httpErrorMessage(status: number): string {
  return `HTTP ${status}`
}

/** The catalogue code behind an API-layer code; HTTP_ERROR needs the status to be precise. */
export function catalogueCodeForApiLayer(code: ApiLayerCode, status?: number): ErrorCode {
  const byCode: Readonly<Record<ApiLayerCode, ErrorCode>> = {
    PARSE_ERROR: 'API_ERROR',
    HTTP_ERROR: status === undefined ? 'API_ERROR' : codeForStatus(status),
    NETWORK_ERROR: 'NETWORK_ERROR',
  }
  return byCode[code]
}
