import { describe, expect, it } from 'vitest'
import { ERROR_CODES, type ErrorCode } from './codes'
import { isAtLeastSeverity, SEVERITY_BY_CODE, type Severity, severityOf } from './severity'

const CRITICAL: ErrorCode[] = ['SYSTEM_ERROR', 'DATABASE_ERROR', 'CONFIGURATION_ERROR']
const HIGH: ErrorCode[] = ['SERVICE_UNAVAILABLE', 'EXTERNAL_SERVICE_ERROR', 'INTERNAL_ERROR']
const MEDIUM: ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'API_ERROR', 'TIMEOUT_ERROR']

describe('severityOf', () => {
  it.each(CRITICAL)('%s is critical', (code) => expect(severityOf(code)).toBe('critical'))
  it.each(HIGH)('%s is high', (code) => expect(severityOf(code)).toBe('high'))
  it.each(MEDIUM)('%s is medium', (code) => expect(severityOf(code)).toBe('medium'))

  it('rates every other code low', () => {
    const named = new Set([...CRITICAL, ...HIGH, ...MEDIUM])
    const others = ERROR_CODES.filter((code) => !named.has(code))
    expect(others).toHaveLength(14)
    for (const code of others) expect(severityOf(code), code).toBe('low')
  })

  it('covers every code', () => {
    expect(Object.keys(SEVERITY_BY_CODE).sort()).toEqual([...ERROR_CODES].sort())
  })

  it('orders severities low < medium < high < critical', () => {
    const order: Severity[] = ['low', 'medium', 'high', 'critical']
    for (const [i, a] of order.entries()) {
      for (const [j, b] of order.entries()) expect(isAtLeastSeverity(a, b), `${a} >= ${b}`).toBe(i >= j)
    }
  })
})
