import { z } from 'zod'
import { setEarlyAccess } from '../services/recovery/settings'
import { type AdminDeps, findAccount } from './operations'

/**
 * Payment recovery's availability: `npm run admin -- waitlist` lists who asked for it on the public
 * page (`POST /api/waitlist`), newest first; `npm run admin -- early-access <account> on|off` grants or
 * withdraws the module (self-hosters turn it on for themselves).
 */

export const WAITLIST_LIMIT = 500

export const adminEarlyAccessBody = z.strictObject({
  account: z.string().min(1).max(255),
  on: z.boolean(),
})

export interface WaitlistListing {
  total: number
  signups: Array<{ email: string; product: string; created_at: string; account_id: string | null }>
}

export async function listWaitlist(deps: Pick<AdminDeps, 'db'>): Promise<WaitlistListing> {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('waitlist_signups as w')
      .leftJoin('users as u', (join) =>
        join.on((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', ['w.email']))),
      )
      .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.role', '=', 'owner'))
      .select(['w.email', 'w.product', 'w.created_at', 'm.account_id'])
      .orderBy('w.created_at', 'desc')
      .limit(WAITLIST_LIMIT)
      .execute(),
    deps.db
      .selectFrom('waitlist_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  const seen = new Set<string>()
  const signups = rows
    .filter((row) => {
      // One line per sign-up, with one of the accounts its address owns (the first found).
      const key = `${row.email}\u0000${row.product}\u0000${new Date(row.created_at).toISOString()}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map((row) => ({
      email: row.email,
      product: row.product,
      created_at: new Date(row.created_at).toISOString(),
      account_id: row.account_id ?? null,
    }))
  return { total: Number(total.n), signups }
}

export interface EarlyAccessChange {
  account: { id: string; name: string }
  on: boolean
}

export async function changeEarlyAccess(
  deps: Pick<AdminDeps, 'db' | 'clock'>,
  reference: string,
  on: boolean,
): Promise<EarlyAccessChange> {
  const account = await findAccount(deps as AdminDeps, reference)
  await setEarlyAccess(deps.db, account.id, on, deps.clock.now())
  return { account, on }
}

export function formatWaitlist(listing: WaitlistListing): string {
  if (listing.total === 0) return 'No waitlist sign-ups yet.'
  const lines = listing.signups.map(
    (s) =>
      `${s.created_at.slice(0, 16).replace('T', ' ')}  ${s.product}  ${s.email}${s.account_id ? `  (account ${s.account_id})` : ''}`,
  )
  const more =
    listing.total > listing.signups.length ? `\n… and ${listing.total - listing.signups.length} older` : ''
  return `${listing.total} sign-up${listing.total === 1 ? '' : 's'}, newest first:\n${lines.join('\n')}${more}`
}

export function formatEarlyAccess(change: EarlyAccessChange): string {
  return change.on
    ? `${change.account.id} (${change.account.name}) now has early access to payment recovery (Settings → Payment recovery).`
    : `${change.account.id} (${change.account.name}) no longer has payment recovery.`
}
