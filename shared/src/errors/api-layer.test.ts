import { describe, expect, it } from 'vitest'
import {
  API_LAYER_CODES,
  catalogueCodeForApiLayer,
  httpErrorMessage,
  isApiLayerCode,
  PARSE_ERROR_MESSAGE,
  PARSE_ERROR_SNIPPET_LENGTH,
  parseErrorMessage,
} from './api-layer'

describe('API layer codes', () => {
  it('are PARSE_ERROR, HTTP_ERROR and NETWORK_ERROR', () => {
    expect(API_LAYER_CODES).toEqual(['PARSE_ERROR', 'HTTP_ERROR', 'NETWORK_ERROR'])
    expect(isApiLayerCode('PARSE_ERROR')).toBe(true)
    expect(isApiLayerCode('NOT_FOUND')).toBe(false)
    expect(isApiLayerCode(undefined)).toBe(false)
  })

  it("formats HTTP_ERROR as 'HTTP {status}'", () => {
    expect(httpErrorMessage(502)).toBe('HTTP 502')
    expect(httpErrorMessage(418)).toBe('HTTP 418')
  })

  it('resolves each to the catalogue code a user is shown', () => {
    expect(catalogueCodeForApiLayer('PARSE_ERROR')).toBe('API_ERROR')
    expect(catalogueCodeForApiLayer('NETWORK_ERROR')).toBe('NETWORK_ERROR')
    expect(catalogueCodeForApiLayer('HTTP_ERROR')).toBe('API_ERROR')
    expect(catalogueCodeForApiLayer('HTTP_ERROR', 404)).toBe('NOT_FOUND')
    expect(catalogueCodeForApiLayer('HTTP_ERROR', 429)).toBe('RATE_LIMIT_EXCEEDED')
  })
})

describe('parseErrorMessage', () => {
  it('adds a snippet of the response to the spec message', () => {
    expect(parseErrorMessage('Bad Gateway: upstream closed')).toBe(
      'Invalid response format from server: Bad Gateway: upstream closed',
    )
  })

  it('strips markup so an HTML error page reads as text', () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>h1{}</style></head>'
    expect(parseErrorMessage(`${page}<body><h1>nginx</h1></body></html>`)).toBe(
      'Invalid response format from server: 502 Bad Gateway nginx',
    )
  })

  it(`keeps the snippet to ${PARSE_ERROR_SNIPPET_LENGTH} characters`, () => {
    const message = parseErrorMessage('word '.repeat(500))
    const snippet = message.slice(`${PARSE_ERROR_MESSAGE}: `.length)
    expect(message.startsWith(`${PARSE_ERROR_MESSAGE}: word word`)).toBe(true)
    expect(snippet.length).toBeLessThanOrEqual(PARSE_ERROR_SNIPPET_LENGTH)
    expect(snippet.endsWith('…')).toBe(true)
  })

  it('never shows secrets from the body', () => {
    const message = parseErrorMessage(
      '{"debug":"postgres://app:hunter2@db:5432/rk","key":"sk_live_4eC39HqLyjWDarjtT1zdp7dc"}',
    )
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('4eC39HqLyjWDarjtT1zdp7dc')
    expect(message).toContain('[REDACTED_CONNECTION]')
  })

  it('gives the bare message for an empty, markup-only or non-text body', () => {
    expect(parseErrorMessage('')).toBe(PARSE_ERROR_MESSAGE)
    expect(parseErrorMessage('<html><script>x()</script></html>')).toBe(PARSE_ERROR_MESSAGE)
    expect(parseErrorMessage(undefined)).toBe(PARSE_ERROR_MESSAGE)
  })

  it('does not show a token cut in half by the snippet source limit', () => {
    // Markup vanishes, so the token straddling the 4,000-character source limit would lead the snippet.
    const body = `${'<br>'.repeat(998)} tokZq8LmN3pR7sT1vW5xY9a`
    expect(parseErrorMessage(body)).toBe(PARSE_ERROR_MESSAGE)
    expect(parseErrorMessage(`${'<br>'.repeat(990)} tokZq8LmN3pR7sT1vW5xY9a`)).toBe(
      `${PARSE_ERROR_MESSAGE}: tokZq8LmN3pR7sT1vW5xY9a`,
    )
  })
})
