import { capabilitiesFor, type Role } from '@retainkit/shared/roles'
import type { Kysely, Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { Database } from '../../db/tables'

type Db = Kysely<Database> | Transaction<Database>

export interface CustomerIdentity {
  email: string | null
  name: string | null
}

/**
 * The subscriber's e-mail and name from the subscription's expanded customer (every subscription read
 * expands it, SUBSCRIPTION_EXPAND), or null when Stripe gave none (not connected, deleted customer).
 */
export function identityOf(subscription: Stripe.Subscription | null): CustomerIdentity | null {
  const customer = subscription?.customer
  if (!customer || typeof customer === 'string' || customer.deleted) return null
  const email = customer.email?.trim().slice(0, 320) || null
  const name = customer.name?.trim().slice(0, 200) || null
  return email || name ? { email, name } : null
}

/**
 * Keeps who a customer is for the session log (subscriber_customers), in the caller's transaction: the
 * newest of Stripe's answers wins; a row that already says the same is not written again.
 */
export async function rememberCustomer(
  db: Db,
  row: { accountId: string; customerId: string; identity: CustomerIdentity | null; now: Date },
): Promise<void> {
  if (!row.identity) return
  const { email, name } = row.identity
  await db
    .insertInto('subscriber_customers')
    .values({ account_id: row.accountId, customer_id: row.customerId, email, name, updated_at: row.now })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'customer_id'])
        .doUpdateSet({ email, name, updated_at: row.now })
        .where((eb) =>
          eb.or([
            eb('subscriber_customers.email', 'is distinct from', email),
            eb('subscriber_customers.name', 'is distinct from', name),
          ]),
        ),
    )
    .execute()
}

/** Viewers see who a subscriber is only in part: the first letter of each word, of the address's parts. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  const dot = domain.lastIndexOf('.')
  const host = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`
}

export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word.slice(0, 1)}.`)
    .join(' ')
}

/** Whether a member of this role sees customers' e-mail addresses and names in full. */
export const seesCustomers = (role: Role): boolean => capabilitiesFor(role).canSeeCustomers
