import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS, TEAM_MESSAGES } from '../../services/members'

/** Settings → Team: `/api/account?action=members` and the bootstrap that accepts invitations. */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const members = (accountId: string, extra = '') =>
  `/api/account?accountId=${accountId}&action=members${extra}`

async function json(res: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field, each checked
  return (await res.json()) as { data?: any; error?: { code: string; message: string; field?: string } }
}

const team = async (accountId: string, token: string) =>
  (await json(await t.request(members(accountId), { token }))).data as {
    members: { user_id: string; email: string; role: string; you: boolean }[]
    invitations: { email: string; role: string; expires_at: string }[]
  }

const invite = (accountId: string, token: string, email: string, role: string) =>
  t.request(members(accountId), { method: 'POST', token, body: { email, role } })

const bootstrap = (token: string) => t.request('/api/session?action=bootstrap', { method: 'POST', token })

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

describe('inviting', () => {
  it('invites an address with a role, mails a sign-in link, and lists the invitation', async () => {
    const { accountId, owner } = await t.createAccount({ name: 'Northwind' })
    const email = uniqueEmail('casey')
    const res = await invite(accountId, owner.token, ` ${email.toUpperCase()} `.trim(), 'editor')
    expect(res.status).toBe(201)
    const { data } = await json(res)
    expect(data).toMatchObject({ emailed: true, invitation: { email, role: 'editor' } })
    expect(new Date(data.invitation.expires_at).getTime() - t.clock.now().getTime()).toBe(
      INVITATION_TTL_DAYS * 86_400_000,
    )
    const mail = (await t.readOutbox()).at(-1)
    expect(mail).toMatchObject({ to: email, subject: "You're invited to Northwind on Retainkit" })
    expect(mail?.text).toContain('as editor')
    expect(mail?.link).toMatch(/\/login\/$/)
    expect((await team(accountId, owner.token)).invitations).toEqual([
      expect.objectContaining({ email, role: 'editor' }),
    ])
  })

  it('turns the invitation into a membership when the person signs in, in the invited role', async () => {
    const { accountId, owner } = await t.createAccount()
    const email = uniqueEmail('newcomer')
    await invite(accountId, owner.token, email, 'viewer')
    const invitee = await t.signIn(email)
    const res = await bootstrap(invitee.token)
    expect(res.status).toBe(200)
    const { data } = await json(res)
    // They land in the account that invited them, and get no workspace of their own.
    expect(data).toMatchObject({ active_account_id: accountId, membership: { role: 'viewer' } })
    expect(data.accounts).toHaveLength(1)
    expect(data.capabilities).toMatchObject({ canViewAnalytics: true, canEditConfig: false })
    const after = await team(accountId, owner.token)
    expect(after.invitations).toEqual([])
    expect(after.members.map((m) => [m.email, m.role])).toContainEqual([email, 'viewer'])
  })

  it('an existing user joins on their next sign-in, keeping their own workspace', async () => {
    const inviter = await t.createAccount()
    const other = await t.createAccount()
    await invite(inviter.accountId, inviter.owner.token, other.owner.email, 'admin')
    const { data } = await json(await bootstrap(other.owner.token))
    expect(data.accounts.map((a: { id: string }) => a.id).sort()).toEqual(
      [inviter.accountId, other.accountId].sort(),
    )
    expect(data).toMatchObject({ active_account_id: inviter.accountId, membership: { role: 'admin' } })
  })

  it('inviting again refreshes the role and expiry; an expired invitation is not accepted', async () => {
    const { accountId, owner } = await t.createAccount()
    const email = uniqueEmail('late')
    await invite(accountId, owner.token, email, 'viewer')
    t.clock.advanceDays(1)
    // Access tokens live an hour: the owner signs in again.
    const nextDay = await t.signIn(owner.email)
    await invite(accountId, nextDay.token, email, 'editor')
    expect((await team(accountId, nextDay.token)).invitations).toEqual([
      expect.objectContaining({ email, role: 'editor' }),
    ])
    t.clock.advanceDays(INVITATION_TTL_DAYS + 1)
    const later = await t.signIn(owner.email)
    expect((await team(accountId, later.token)).invitations).toEqual([])
    const late = await t.signIn(email)
    const { data } = await json(await bootstrap(late.token))
    expect(data.active_account_id).not.toBe(accountId)
    expect(data.membership).toEqual({ role: 'owner' })
  })

  it('refuses a member, an owner invitation from an admin, bad input, and too many invitations', async () => {
    const { accountId, owner } = await t.createAccount()
    const admin = await t.addMember(accountId, 'admin')
    const already = await invite(accountId, owner.token, admin.email.toUpperCase(), 'viewer')
    expect(already.status).toBe(409)
    expect((await json(already)).error).toMatchObject({
      code: 'DUPLICATE_ENTRY',
      message: TEAM_MESSAGES.alreadyMember,
    })

    const ownerByAdmin = await invite(accountId, admin.token, uniqueEmail('boss'), 'owner')
    expect(ownerByAdmin.status).toBe(403)
    expect((await json(ownerByAdmin)).error).toMatchObject({ message: TEAM_MESSAGES.ownerOnly })
    expect((await invite(accountId, owner.token, uniqueEmail('boss'), 'owner')).status).toBe(201)

    for (const [body, field] of [
      [{ email: 'not-an-address', role: 'viewer' }, 'email'],
      [{ email: uniqueEmail('x'), role: 'superuser' }, 'role'],
      [{ email: uniqueEmail('x'), role: 'viewer', extra: 1 }, undefined],
    ] as const) {
      const res = await t.request(members(accountId), { method: 'POST', token: owner.token, body })
      expect(res.status).toBe(400)
      if (field) expect((await json(res)).error?.field).toBe(field)
    }

    const crowded = await t.createAccount()
    const now = t.clock.now()
    await t.database.db
      .insertInto('member_invitations')
      .values(
        Array.from({ length: MAX_PENDING_INVITATIONS }, (_, i) => ({
          account_id: crowded.accountId,
          email: `crowd-${i}@example.com`,
          role: 'viewer' as const,
          expires_at: new Date(now.getTime() + 86_400_000),
        })),
      )
      .execute()
    const one = await invite(crowded.accountId, crowded.owner.token, uniqueEmail('one-more'), 'viewer')
    expect(one.status).toBe(422)
    expect((await json(one)).error?.message).toBe(TEAM_MESSAGES.tooManyInvitations)
  })

  it('withdraws an invitation', async () => {
    const { accountId, owner } = await t.createAccount()
    const email = uniqueEmail('withdrawn')
    await invite(accountId, owner.token, email, 'viewer')
    const res = await t.request(members(accountId, `&email=${encodeURIComponent(email)}`), {
      method: 'DELETE',
      token: owner.token,
    })
    expect(res.status).toBe(200)
    expect((await team(accountId, owner.token)).invitations).toEqual([])
    const again = await t.request(members(accountId, `&email=${encodeURIComponent(email)}`), {
      method: 'DELETE',
      token: owner.token,
    })
    expect(again.status).toBe(404)
    const invitee = await t.signIn(email)
    expect((await json(await bootstrap(invitee.token))).data.active_account_id).not.toBe(accountId)
  })
})

describe('roles and removal', () => {
  const setRole = (accountId: string, token: string, userId: string, role: string) =>
    t.request(members(accountId), { method: 'PUT', token, body: { user_id: userId, role } })
  const remove = (accountId: string, token: string, userId: string) =>
    t.request(members(accountId, `&userId=${userId}`), { method: 'DELETE', token })

  it('changes a role and removes a member, who loses access at once', async () => {
    const { accountId, owner } = await t.createAccount()
    const member = await t.addMember(accountId, 'viewer')
    const promoted = await setRole(accountId, owner.token, member.userId, 'editor')
    expect(promoted.status).toBe(200)
    expect((await json(promoted)).data).toMatchObject({ user_id: member.userId, role: 'editor', you: false })
    const config = await t.request(`/api/account?accountId=${accountId}&action=config`, {
      token: member.token,
    })
    expect(config.status).toBe(200)

    expect((await remove(accountId, owner.token, member.userId)).status).toBe(200)
    const after = await t.request(`/api/account?accountId=${accountId}&action=config`, {
      token: member.token,
    })
    expect(after.status).toBe(403)
    expect((await team(accountId, owner.token)).members.map((m) => m.user_id)).toEqual([owner.userId])
  })

  it('leaves owners to owners, and always keeps one owner', async () => {
    const { accountId, owner } = await t.createAccount()
    const admin = await t.addMember(accountId, 'admin')
    // An admin cannot touch an owner, nor make anyone an owner.
    for (const res of [
      await setRole(accountId, admin.token, owner.userId, 'viewer'),
      await remove(accountId, admin.token, owner.userId),
      await setRole(accountId, admin.token, admin.userId, 'owner'),
    ]) {
      expect(res.status).toBe(403)
      expect((await json(res)).error).toMatchObject({
        code: 'INSUFFICIENT_PERMISSIONS',
        message: TEAM_MESSAGES.ownerOnly,
      })
    }
    // The only owner can neither step down nor leave...
    for (const res of [
      await setRole(accountId, owner.token, owner.userId, 'admin'),
      await remove(accountId, owner.token, owner.userId),
    ]) {
      expect(res.status).toBe(409)
      expect((await json(res)).error?.message).toBe(TEAM_MESSAGES.lastOwner)
    }
    // ...until there is another owner.
    expect((await setRole(accountId, owner.token, admin.userId, 'owner')).status).toBe(200)
    expect((await setRole(accountId, owner.token, owner.userId, 'admin')).status).toBe(200)
    const roles = (await team(accountId, admin.token)).members.map((m) => [m.user_id, m.role])
    expect(roles).toEqual(
      expect.arrayContaining([
        [owner.userId, 'admin'],
        [admin.userId, 'owner'],
      ]),
    )
  })

  it('answers 404 for someone who is not a member, and 400 for bad ids', async () => {
    const { accountId, owner } = await t.createAccount()
    const stranger = await t.createAccount()
    expect((await setRole(accountId, owner.token, stranger.owner.userId, 'viewer')).status).toBe(404)
    expect((await remove(accountId, owner.token, stranger.owner.userId)).status).toBe(404)
    expect((await setRole(accountId, owner.token, 'not-a-uuid', 'viewer')).status).toBe(400)
    expect((await remove(accountId, owner.token, 'not-a-uuid')).status).toBe(400)
    const nothing = await t.request(members(accountId), { method: 'DELETE', token: owner.token })
    expect(nothing.status).toBe(400)
    // The stranger is untouched in their own account.
    expect((await team(stranger.accountId, stranger.owner.token)).members).toHaveLength(1)
  })

  it('lets any member see the team, and marks who is asking', async () => {
    const { accountId, owner } = await t.createAccount()
    const viewer = await t.addMember(accountId, 'viewer')
    const seen = await team(accountId, viewer.token)
    expect(seen.members).toEqual([
      expect.objectContaining({ user_id: owner.userId, role: 'owner', you: false }),
      expect.objectContaining({ user_id: viewer.userId, role: 'viewer', you: true }),
    ])
    const refused = await invite(accountId, viewer.token, uniqueEmail('x'), 'viewer')
    expect(refused.status).toBe(403)
  })
})
