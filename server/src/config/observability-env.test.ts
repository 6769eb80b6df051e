import { describe, expect, it } from 'vitest'
import { parseLogLevel, parseObservability } from './observability-env'

const fail = (variable: string, problem: string) => new Error(`${variable} ${problem}`)

describe('observability settings', () => {
  it('LOG_LEVEL: debug, info (default), warn or error, in any case; anything else is refused', () => {
    expect(parseLogLevel(undefined)).toBe('info')
    expect(parseLogLevel(' WARN ')).toBe('warn')
    expect(parseLogLevel('error')).toBe('error')
    expect(() => parseLogLevel('verbose')).toThrow('must be one of debug, info, warn, error')
  })

  it('metrics are off unless a token or an address list is given', () => {
    expect(parseObservability({}, fail).metrics).toBeNull()
    expect(parseObservability({ METRICS_TOKEN: 'a'.repeat(16) }, fail).metrics).toMatchObject({
      token: 'a'.repeat(16),
      allow: null,
    })
    expect(parseObservability({ METRICS_ALLOW: '10.0.0.0/8, ::1' }, fail).metrics?.allow?.ranges).toEqual([
      '10.0.0.0/8',
      '::1',
    ])
    expect(() => parseObservability({ METRICS_TOKEN: 'short' }, fail)).toThrow('METRICS_TOKEN')
    expect(() => parseObservability({ METRICS_ALLOW: '2' }, fail)).toThrow('METRICS_ALLOW')
    expect(() => parseObservability({ METRICS_ALLOW: 'everyone' }, fail)).toThrow('METRICS_ALLOW')
  })
})
