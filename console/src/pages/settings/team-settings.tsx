import type { TeamInvitation, TeamMember } from '@retainkit/shared/api'
import { ROLES, type Role } from '@retainkit/shared/roles'
import { memberInviteSchema } from '@retainkit/shared/schemas'
import { type FormEvent, useId, useState } from 'react'
import { ActionsTable } from '../../components/actions-table'
import { ConfirmButton } from '../../components/confirm-button'
import { FormField } from '../../components/form-field'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { changeMemberRole, getTeam, inviteMember, removeMember, withdrawInvitation } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { handleError, userMessageOf } from '../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { sessionStore, useCapability, useSession } from '../../session/session-store'
import { issuesToFieldErrors } from './field-errors'

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
}

/** What each role may do, as the server enforces it (shared/roles.ts). */
export const ROLE_HELP: Readonly<Record<Role, string>> = {
  owner: 'everything, billing and other owners included',
  admin: 'everything but billing and owners: Stripe, widget secret, account, team',
  editor: 'edit the cancel flow and reasons; see analytics',
  viewer: 'see the flow and analytics',
}

/** Roles the signed-in member may hand out: only an owner makes owners. */
const grantable = (myRole: Role | undefined) => ROLES.filter((role) => role !== 'owner' || myRole === 'owner')

function InviteForm({
  accountId,
  myRole,
  onInvited,
}: {
  accountId: string
  myRole?: Role
  onInvited: () => void
}) {
  const roleId = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [error, setError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = memberInviteSchema.safeParse({ email: email.trim(), role })
    if (!parsed.success) {
      setError(issuesToFieldErrors(parsed.error.issues, ['email', 'role'] as const).email ?? 'Invalid input')
      return
    }
    setSending(true)
    const result = await inviteMember(accountId, parsed.data.email, parsed.data.role)
    setSending(false)
    if (result.error) {
      setError(userMessageOf(result.error))
      handleError(result.error, { where: 'settings.team.invite' })
      return
    }
    setEmail('')
    setError(undefined)
    toast(
      result.data.emailed
        ? {
            title: 'Invitation sent',
            description: `${result.data.invitation.email} joins as ${ROLE_LABELS[role].toLowerCase()} when they sign in.`,
            variant: 'success',
          }
        : {
            title: 'Invitation saved, but not mailed',
            description: `Ask ${result.data.invitation.email} to sign in to Retainkit with that address.`,
            variant: 'default',
          },
    )
    onInvited()
  }

  return (
    <form className="rk-form rk-settings__form rk-settings__block" onSubmit={onSubmit} noValidate>
      <h3>Invite someone</h3>
      <FormField
        label="Email address"
        type="email"
        autoComplete="off"
        hint="They join when they sign in to Retainkit with this address. Invitations last 14 days."
        value={email}
        onChange={(value) => {
          setEmail(value)
          setError(undefined)
        }}
        error={error}
      />
      <div className="rk-form-field">
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          className="rk-input rk-select"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {grantable(myRole).map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}: {ROLE_HELP[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="rk-form__actions">
        <button type="submit" className="rk-button rk-button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send invitation'}
        </button>
      </div>
    </form>
  )
}

function MemberRow({
  member,
  manage,
  myRole,
  soleOwner,
  busy,
  onRole,
  onRemove,
}: {
  member: TeamMember
  manage: boolean
  myRole?: Role
  /** The account's only owner: it keeps its role and stays (the server refuses otherwise). */
  soleOwner: boolean
  busy: boolean
  onRole: (role: Role) => void
  onRemove: () => void
}) {
  const name = member.you ? `${member.email} (you)` : member.email
  // Only owners touch owners, and the last owner stays: the server says so too.
  const editable = manage && (member.role !== 'owner' || myRole === 'owner') && !soleOwner
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        {editable ? (
          <select
            className="rk-input rk-select rk-team__role"
            aria-label={`Role of ${member.email}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.target.value as Role)}
          >
            {grantable(myRole).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          `${ROLE_LABELS[member.role]}${soleOwner ? ' (the only owner)' : ''}`
        )}
      </td>
      <td>
        <time dateTime={member.joined_at} title={formatDateTime(member.joined_at)}>
          {relativeTime(member.joined_at)}
        </time>
      </td>
      <td>
        {editable ? (
          <ConfirmButton
            label={member.you ? 'Leave' : 'Remove'}
            confirm={member.you ? 'Yes, leave the account' : `Yes, remove ${member.email}`}
            busyLabel="Working..."
            busy={busy}
            onConfirm={onRemove}
          />
        ) : null}
      </td>
    </tr>
  )
}

function InvitationRow({
  invitation,
  manage,
  busy,
  onWithdraw,
}: {
  invitation: TeamInvitation
  manage: boolean
  busy: boolean
  onWithdraw: () => void
}) {
  return (
    <tr>
      <th scope="row">{invitation.email}</th>
      <td>{ROLE_LABELS[invitation.role]}</td>
      <td>
        <time dateTime={invitation.expires_at} title={formatDateTime(invitation.expires_at)}>
          {formatDateTime(invitation.expires_at)}
        </time>
      </td>
      <td>
        {manage ? (
          <ConfirmButton
            label="Withdraw"
            confirm="Yes, withdraw"
            busyLabel="Working..."
            busy={busy}
            onConfirm={onWithdraw}
          />
        ) : null}
      </td>
    </tr>
  )
}

/**
 * Settings → Team: who can use this account and in which role; owners and admins invite by address,
 * change roles and remove people. The server enforces every rule; this only hides what it would refuse.
 */
export function TeamSettings({ accountId }: { accountId: string }) {
  const { state, reload } = useApiResource(() => getTeam(accountId), accountId)
  const manage = useCapability('canManageMembers')
  const myRole = useSession((session) => session.membership?.role) as Role | undefined
  const [busy, setBusy] = useState<string | null>(null)

  /**
   * Runs a change; the table is read again either way (someone else may have changed it too). A change
   * to the member's own role or membership also changes their session: it is read again.
   */
  const run = async (
    key: string,
    where: string,
    title: string,
    action: () => Promise<ApiResult<unknown>>,
    own = false,
  ) => {
    setBusy(key)
    const result = await action()
    setBusy(null)
    if (result.error) handleError(result.error, { where, toastTitle: title })
    else if (own) void sessionStore.getState().refresh()
    void reload()
  }

  if (state.status === 'loading') return <Spinner label="Loading the team..." />
  if (state.status === 'error')
    return <LoadError what="Your team" error={state.error} onRetry={() => void reload()} />
  const { members, invitations } = state.data
  const owners = members.filter((member) => member.role === 'owner').length

  return (
    <div className="rk-settings__stack rk-team">
      {manage ? null : (
        <p className="rk-notice rk-notice--info">Owners and admins invite people and change their roles.</p>
      )}
      <ActionsTable caption="Members" columns={['Email', 'Role', 'Joined']}>
        {members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            manage={manage}
            myRole={myRole}
            soleOwner={member.role === 'owner' && owners <= 1}
            busy={busy === member.user_id}
            onRole={(role) =>
              void run(
                member.user_id,
                'settings.team.role',
                'Could not change the role',
                () => changeMemberRole(accountId, member.user_id, role),
                member.you,
              )
            }
            onRemove={() =>
              void run(
                member.user_id,
                'settings.team.remove',
                'Could not remove the member',
                () => removeMember(accountId, member.user_id),
                member.you,
              )
            }
          />
        ))}
      </ActionsTable>
      {invitations.length ? (
        <ActionsTable caption="Pending invitations" columns={['Email', 'Role', 'Expires']}>
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.email}
              invitation={invitation}
              manage={manage}
              busy={busy === invitation.email}
              onWithdraw={() =>
                void run(
                  invitation.email,
                  'settings.team.withdraw',
                  'Could not withdraw the invitation',
                  () => withdrawInvitation(accountId, invitation.email),
                )
              }
            />
          ))}
        </ActionsTable>
      ) : null}
      {manage ? <InviteForm accountId={accountId} myRole={myRole} onInvited={() => void reload()} /> : null}
    </div>
  )
}
