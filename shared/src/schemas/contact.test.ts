import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { contactFormSchema, contactMessageSchema, waitlistSchema } from './contact'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

const message = { name: 'Ada', email: 'ada@example.com', message: 'Hello there, a question.' }

describe('message schema', () => {
  it('message: 10 characters pass, 9 give "Message must be at least 10 characters"', () => {
    expect(issues(contactMessageSchema, { ...message, message: 'x'.repeat(10) })).toEqual([])
    expect(issues(contactMessageSchema, { ...message, message: 'x'.repeat(9) })).toEqual([
      ['message', 'Message must be at least 10 characters'],
    ])
    // Padding does not count: the text is trimmed first.
    expect(issues(contactMessageSchema, { ...message, message: `   ${'x'.repeat(9)}   ` })).toEqual([
      ['message', 'Message must be at least 10 characters'],
    ])
  })

  it('message: 1000 characters pass, 1001 give "Message too long"', () => {
    expect(issues(contactMessageSchema, { ...message, message: 'x'.repeat(1000) })).toEqual([])
    expect(issues(contactMessageSchema, { ...message, message: 'x'.repeat(1001) })).toEqual([
      ['message', 'Message too long'],
    ])
  })

  it('name: 1-100 characters', () => {
    expect(issues(contactMessageSchema, { ...message, name: 'A' })).toEqual([])
    expect(issues(contactMessageSchema, { ...message, name: 'A'.repeat(100) })).toEqual([])
    expect(issues(contactMessageSchema, { ...message, name: '' })).toEqual([['name', 'Name is required']])
    expect(issues(contactMessageSchema, { ...message, name: 'A'.repeat(101) })).toEqual([
      ['name', 'Name too long'],
    ])
  })

  it('company: optional, at most 100', () => {
    expect(issues(contactMessageSchema, { ...message, company: 'C'.repeat(100) })).toEqual([])
    expect(issues(contactMessageSchema, { ...message, company: 'C'.repeat(101) })).toEqual([
      ['company', 'Company name too long'],
    ])
  })

  it('email must be a valid address', () => {
    expect(issues(contactMessageSchema, { ...message, email: 'ada' })).toEqual([
      ['email', 'Invalid email format'],
    ])
  })
})

describe('contact form: name, email and message required', () => {
  it('accepts a filled form, with no length bounds on the message', () => {
    expect(issues(contactFormSchema, { name: 'Ada', email: 'ada@example.com', message: 'Hi' })).toEqual([])
  })

  it('names each missing field', () => {
    expect(issues(contactFormSchema, {})).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['message', 'Message is required'],
    ])
    expect(issues(contactFormSchema, { name: ' ', email: ' ', message: ' ' })).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['message', 'Message is required'],
    ])
  })

  it('checks the email format', () => {
    expect(issues(contactFormSchema, { name: 'Ada', email: 'ada@', message: 'Hi' })).toEqual([
      ['email', 'Invalid email format'],
    ])
  })
})

describe('waitlist', () => {
  it('needs a valid email and defaults the product', () => {
    expect(waitlistSchema.parse({ email: 'ada@example.com' }).product).toBe('payment-recovery')
    expect(issues(waitlistSchema, { email: 'nope' })).toEqual([['email', 'Invalid email format']])
  })
})
