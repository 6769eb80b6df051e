import { describe, expect, it } from 'vitest'
import { isApiErrorBody, toApiErrorBody } from './api-error-body'
import { createAppError } from './app-error'

describe('isApiErrorBody', () => {
  it('accepts {error: {code, message, field?}} with a catalogue code', () => {
    expect(
      isApiErrorBody({ error: { code: 'NOT_FOUND', message: 'The requested item was not found.' } }),
    ).toBe(true)
    expect(
      isApiErrorBody({
        error: { code: 'VALIDATION_FAILED', message: 'Headline too long', field: 'headline' },
      }),
    ).toBe(true)
  })

  it('rejects anything else', () => {
    for (const value of [
      null,
      'NOT_FOUND',
      { error: 'NOT_FOUND' },
      { error: { code: 'NOT_FOUND' } },
      { error: { code: 'TEAPOT', message: 'x' } },
      { error: { code: 'NOT_FOUND', message: 404 } },
      { error: { code: 'NOT_FOUND', message: 'x', field: 3 } },
      { code: 'NOT_FOUND', message: 'x' },
    ]) {
      expect(isApiErrorBody(value), JSON.stringify(value)).toBe(false)
    }
  })
})

describe('toApiErrorBody', () => {
  it('answers with the catalogue text, keeping internals out', () => {
    const error = createAppError('DATABASE_ERROR', 'relation "accounts" does not exist')
    expect(toApiErrorBody(error)).toEqual({
      error: {
        code: 'DATABASE_ERROR',
        message: "We're experiencing database issues. Please try again later.",
      },
    })
  })

  it('can expose a message written for people, with its field', () => {
    const error = createAppError('VALIDATION_FAILED', 'Headline too long', { field: 'copy.general.headline' })
    const body = toApiErrorBody(error, { exposeMessage: true })
    expect(body).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Headline too long', field: 'copy.general.headline' },
    })
    expect(isApiErrorBody(body)).toBe(true)
  })

  it('holds an exposed message to the 200-character user limit', () => {
    const body = toApiErrorBody(createAppError('INVALID_INPUT', 'too long '.repeat(50)), {
      exposeMessage: true,
    })
    expect(body.error.message.length).toBeLessThanOrEqual(200)
  })
})
