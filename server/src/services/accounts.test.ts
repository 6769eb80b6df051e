import { accountIdSchema } from '@retainkit/shared/schemas'
import { describe, expect, it } from 'vitest'
import { generateAccountId, workspaceName } from './accounts'

describe('generated account ids', () => {
  it('are random, valid under the account-ID rules, and carry nothing of a name or address', () => {
    const ids = Array.from({ length: 200 }, () => generateAccountId())
    for (const id of ids) {
      expect(accountIdSchema.safeParse(id).success, id).toBe(true)
      expect(id).toMatch(/^acct_[a-z0-9]{16}$/)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('workspaceName', () => {
  it("names a person's workspace after them, a role address's after the company", () => {
    expect(workspaceName('jane.doe@example.com')).toBe("Jane's workspace")
    expect(workspaceName('jane+shop@example.com')).toBe("Jane's workspace")
    expect(workspaceName('info@acme.example')).toBe('Acme workspace')
    expect(workspaceName('hello@gmail.com')).toBe('My workspace')
    expect(workspaceName('j@acme.example')).toBe('Acme workspace')
  })
})
