import { describe, expect, it } from 'vitest'
import { configSaveQuerySchema, configVersionQuerySchema } from './account-queries'

describe('config query parameters', () => {
  it('version: absent or a positive whole number', () => {
    expect(configVersionQuerySchema.parse({})).toEqual({})
    expect(configVersionQuerySchema.parse({ version: '12' })).toEqual({ version: 12 })
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1234567890']) {
      const result = configVersionQuerySchema.safeParse({ version: bad })
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Version must be a positive whole number')
    }
  })

  it('base_version: absent or a whole number, 0 meaning "nothing saved yet"', () => {
    expect(configSaveQuerySchema.parse({ base_version: '0' })).toEqual({ base_version: 0 })
    expect(configSaveQuerySchema.parse({ base_version: undefined })).toEqual({})
    const bad = configSaveQuerySchema.safeParse({ base_version: 'latest' })
    expect(bad.error?.issues[0]?.message).toBe('Base version must be a whole number')
  })
})
