import { describe, expect, it } from 'vitest'
import { ConfigurationError, loadConfig } from './env'
import { parseMerchantSyncInterval } from './merchant-sync-env'

const MINUTE = 60_000

describe('MERCHANT_SYNC_INTERVAL', () => {
  it('defaults to 15 minutes, in the server configuration too', () => {
    expect(parseMerchantSyncInterval({})).toBe(15 * MINUTE)
    expect(loadConfig({ NODE_ENV: 'test' }, '/srv/app').merchantSyncIntervalMs).toBe(15 * MINUTE)
  })

  it.each([
    ['1m', MINUTE],
    ['60s', MINUTE],
    ['5m', 5 * MINUTE],
    ['90m', 90 * MINUTE],
    ['2h', 120 * MINUTE],
    ['24h', 24 * 60 * MINUTE],
    [' 30M ', 30 * MINUTE],
  ])('reads %s as a duration with its unit', (text, ms) => {
    expect(parseMerchantSyncInterval({ MERCHANT_SYNC_INTERVAL: text })).toBe(ms)
    expect(loadConfig({ MERCHANT_SYNC_INTERVAL: text }, '/srv/app').merchantSyncIntervalMs).toBe(ms)
  })

  it.each([
    ['59s', 'must be at least 1 minute'],
    ['0m', 'must be at least 1 minute'],
    ['25h', 'must be at most 24 hours'],
    ['1441m', 'must be at most 24 hours'],
    ['15', 'must be a duration with its unit, such as 15m, 90s or 2h'],
    ['fifteen minutes', 'must be a duration with its unit, such as 15m, 90s or 2h'],
    ['1.5h', 'must be a duration with its unit, such as 15m, 90s or 2h'],
    ['-5m', 'must be a duration with its unit, such as 15m, 90s or 2h'],
    ['5d', 'must be a duration with its unit, such as 15m, 90s or 2h'],
  ])('stops startup on %s, naming the variable', (text, problem) => {
    let caught: unknown
    try {
      loadConfig({ MERCHANT_SYNC_INTERVAL: text }, '/srv/app')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigurationError)
    expect((caught as ConfigurationError).variable).toBe('MERCHANT_SYNC_INTERVAL')
    expect((caught as ConfigurationError).message).toBe(
      `CONFIGURATION_ERROR: MERCHANT_SYNC_INTERVAL ${problem} (got "${text.trim()}")`,
    )
  })
})
