import type { TeamView } from '@retainkit/shared/api'
import type { Role } from '@retainkit/shared/roles'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FakeBackend } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { renderSection } from './settings-test-support'
import { TeamSettings } from './team-settings'

registerConsoleCleanup()

const TEAM = 'GET /api/account?action=members'
const INVITE = 'POST /api/account?action=members'
const ROLE = 'PUT /api/account?action=members'
const REMOVE = 'DELETE /api/account?action=members'

const OWNER = {
  user_id: 'u-owner',
  email: 'jane@example.com',
  role: 'owner' as Role,
  joined_at: '2026-01-05T10:00:00Z',
  you: true,
}
const EDITOR = {
  user_id: 'u-editor',
  email: 'sam@example.com',
  role: 'editor' as Role,
  joined_at: '2026-03-01T10:00:00Z',
  you: false,
}

/** A stateful fake of the members action, close to the server's rules for what the console shows. */
function teamBackend(initial: TeamView) {
  const team: TeamView = structuredClone(initial)
  const backend = new FakeBackend()
    .on(TEAM, () => ({ body: { data: team } }))
    .on(INVITE, (request) => {
      const { email, role } = request.body as { email: string; role: Role }
      const invitation = {
        email,
        role,
        invited_at: '2026-11-21T10:00:00Z',
        expires_at: '2026-12-05T10:00:00Z',
      }
      team.invitations.push(invitation)
      return { status: 201, body: { data: { invitation, emailed: true } } }
    })
    .on(ROLE, (request) => {
      const { user_id, role } = request.body as { user_id: string; role: Role }
      const member = team.members.find((m) => m.user_id === user_id)
      if (member) member.role = role
      return { body: { data: member } }
    })
    .on(REMOVE, (request) => {
      const userId = request.url.searchParams.get('userId')
      const email = request.url.searchParams.get('email')
      team.members = team.members.filter((m) => m.user_id !== userId)
      team.invitations = team.invitations.filter((i) => i.email !== email)
      return { body: { data: { removed: true } } }
    })
  return backend
}

describe('team section', () => {
  it('lists the members, invites someone with a role, and shows the pending invitation', async () => {
    const backend = teamBackend({ members: [OWNER, EDITOR], invitations: [] })
    const user = userEvent.setup()
    renderSection(<TeamSettings accountId="acme" />, { backend })
    const members = await screen.findByRole('table', { name: 'Members' })
    expect(within(members).getByRole('rowheader', { name: 'jane@example.com (you)' })).toBeTruthy()
    expect(within(members).getByRole('rowheader', { name: 'sam@example.com' })).toBeTruthy()
    // The only owner keeps the role and cannot leave: no control on that row.
    expect(within(members).getByText('Owner (the only owner)')).toBeTruthy()
    expect(screen.queryByLabelText('Role of jane@example.com')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull()

    // The address is checked with the shared schema before anything is sent.
    await user.type(screen.getByLabelText('Email address'), 'not-an-address')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invalid email format')).toBeTruthy()
    expect(backend.requestsTo(INVITE)).toHaveLength(0)

    await user.clear(screen.getByLabelText('Email address'))
    await user.type(screen.getByLabelText('Email address'), 'alex@example.com')
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(backend.requestsTo(INVITE)).toHaveLength(1))
    expect(backend.requestsTo(INVITE)[0]?.url.searchParams.get('accountId')).toBe('acme')
    expect(backend.requestsTo(INVITE)[0]?.body).toEqual({ email: 'alex@example.com', role: 'viewer' })
    const pending = await screen.findByRole('table', { name: 'Pending invitations' })
    expect(within(pending).getByRole('rowheader', { name: 'alex@example.com' })).toBeTruthy()
    expect(within(pending).getByText('Viewer')).toBeTruthy()
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('')
  })

  it("changes a member's role, removes a member after asking, and withdraws an invitation", async () => {
    const backend = teamBackend({
      members: [OWNER, EDITOR],
      invitations: [
        {
          email: 'pat@example.com',
          role: 'admin',
          invited_at: '2026-11-20T10:00:00Z',
          expires_at: '2026-12-04T10:00:00Z',
        },
      ],
    })
    const user = userEvent.setup()
    renderSection(<TeamSettings accountId="acme" />, { backend })
    await user.selectOptions(await screen.findByLabelText('Role of sam@example.com'), 'admin')
    await waitFor(() => expect(backend.requestsTo(ROLE)).toHaveLength(1))
    expect(backend.requestsTo(ROLE)[0]?.body).toEqual({ user_id: 'u-editor', role: 'admin' })

    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(backend.requestsTo(REMOVE)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Yes, remove sam@example.com' }))
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'sam@example.com' })).toBeNull())
    expect(backend.requestsTo(REMOVE)[0]?.url.searchParams.get('userId')).toBe('u-editor')

    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }))
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Pending invitations' })).toBeNull())
    expect(backend.requestsTo(REMOVE)[1]?.url.searchParams.get('email')).toBe('pat@example.com')
  })

  it('offers the owner role to owners only, and leaves owners alone for an admin', async () => {
    const admin = { ...EDITOR, role: 'admin' as Role, you: true }
    const backend = teamBackend({ members: [{ ...OWNER, you: false }, admin], invitations: [] })
    renderSection(<TeamSettings accountId="acme" />, { backend, role: 'admin' })
    await screen.findByRole('table', { name: 'Members' })
    // The owner's row has no controls; the admin's own role choices stop short of owner.
    expect(screen.queryByLabelText('Role of jane@example.com')).toBeNull()
    const own = screen.getByLabelText('Role of sam@example.com')
    expect(within(own).queryByRole('option', { name: 'Owner' })).toBeNull()
    expect(within(screen.getByLabelText('Role')).queryByRole('option', { name: /^Owner/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy()
  })

  it('shows a viewer the team without any control', async () => {
    const backend = teamBackend({
      members: [
        { ...OWNER, you: false },
        { ...EDITOR, role: 'viewer', you: true },
      ],
      invitations: [],
    })
    renderSection(<TeamSettings accountId="acme" />, { backend, role: 'viewer' })
    await screen.findByRole('table', { name: 'Members' })
    expect(screen.getByText('Owners and admins invite people and change their roles.')).toBeTruthy()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByLabelText('Email address')).toBeNull()
  })
})
