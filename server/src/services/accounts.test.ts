import { accountIdSchema } from '@retainkit/shared/schemas'
import { describe, expect, it } from 'vitest'
import { generateAccountId, slugify, workspaceName } from './accounts'

describe('generated account ids', () => {
  it('are slugs of the source plus a random suffix, valid under the account-ID rules', () => {
    const sources = ['Jane Doe', 'Crème Brûlée & Co.', '!!!', '', 'x'.repeat(300), 'under_score--dash']
    for (const source of sources) {
      const id = generateAccountId(source)
      expect(accountIdSchema.safeParse(id).success, id).toBe(true)
      expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z0-9]{6}$/)
    }
    expect(slugify('Crème Brûlée & Co.')).toBe('creme-brulee-co')
    expect(slugify('!!!')).toBe('account')
    expect(slugify('x'.repeat(300))).toHaveLength(40)
    expect(new Set(Array.from({ length: 50 }, () => generateAccountId('same'))).size).toBe(50)
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
