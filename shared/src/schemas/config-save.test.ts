import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { createDefaultConfig } from '../config/default-config'
import { activeAccountSchema, configPayloadSchema, configSaveSchema } from './config-save'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('config save: {account_id, config_json}', () => {
  it('accepts the default config for a valid account', () => {
    expect(issues(configSaveSchema, { account_id: 'acct_1', config_json: createDefaultConfig() })).toEqual([])
  })

  it('validates the account ID', () => {
    expect(issues(configSaveSchema, { account_id: 'acct 1', config_json: createDefaultConfig() })).toEqual([
      ['account_id', 'Account ID can only contain letters, numbers, hyphens, and underscores'],
    ])
  })

  it('validates config_json with the configuration rules, reporting the full path', () => {
    const config = createDefaultConfig()
    config.copy.general.headline = 'x'.repeat(201)
    expect(issues(configSaveSchema, { account_id: 'acct_1', config_json: config })).toEqual([
      ['config_json.copy.general.headline', 'Headline too long'],
    ])
    expect(issues(configSaveSchema, { account_id: 'acct_1' }).map(([path]) => path)).toEqual(['config_json'])
  })

  it('the PUT payload carries config_json only', () => {
    const config = createDefaultConfig()
    expect(issues(configPayloadSchema, { config_json: config })).toEqual([])
    config.discount.amount = 0
    expect(issues(configPayloadSchema, { config_json: config })).toEqual([
      ['config_json.discount.amount', 'Must be a positive number'],
    ])
  })
})

describe('active account switch', () => {
  it('needs a valid account ID', () => {
    expect(issues(activeAccountSchema, { account_id: 'acct_2' })).toEqual([])
    expect(issues(activeAccountSchema, {})).toEqual([['account_id', 'Account ID is required']])
  })
})
