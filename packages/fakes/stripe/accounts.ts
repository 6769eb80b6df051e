import { newId, randomToken } from './ids'
import {
  createAccountState,
  type FailedPaymentSettings,
  type FakeAccount,
  type KeyKind,
  type KeyRecord,
  type RestrictedKeyPermissions,
} from './state'

export interface CreateAccountOptions {
  id?: string
  secretKey?: string
  publishableKey?: string
  /** One restricted key is created when omitted; pass `[]` for none. */
  restrictedKeys?: Array<string | { key?: string; permissions?: RestrictedKeyPermissions }>
  country?: string
  businessName?: string
  defaultCurrency?: string
  email?: string
  /** Makes the new account a connected account of this platform (as if it had finished OAuth). */
  platformAccountId?: string
  /** A fixed Connect client id (`ca_…`), so a server's STRIPE_CLIENT_ID can be set before the fake starts. */
  clientId?: string
  /**
   * A live-mode account: its keys are `sk_live_…`/`pk_live_…`/`rk_live_…` and every object it serves
   * carries `livemode: true`. (Stripe keeps an account's test and live data apart, each reached only by
   * that mode's keys; the fake models one mode per account, which is what a key ever sees.)
   */
  livemode?: boolean
  /** How failed subscription payments are retried and what happens after the last retry. */
  billing?: Partial<FailedPaymentSettings>
}

export interface FakeAccountKeys {
  id: string
  secretKey: string
  publishableKey: string
  /** The first restricted key, or null when none was asked for. */
  restrictedKey: string | null
  restrictedKeys: string[]
  /** Connect client id (`ca_…`), for OAuth flows where this account is the platform. */
  clientId: string
}

export interface OAuthGrant {
  code: string
  platformId: string
  accountId: string
  scope: 'read_write' | 'read_only'
  used: boolean
  /** Tokens minted from this code: revoked if the code is replayed, as Stripe does. */
  issuedKeys: string[]
}

export interface RefreshGrant {
  platformId: string
  accountId: string
  scope: 'read_write' | 'read_only'
}

const KEY_KIND_PREFIX: Record<KeyKind, string> = { secret: 'sk', publishable: 'pk', restricted: 'rk' }

const keyPrefix = (kind: KeyKind, livemode: boolean): string =>
  `${KEY_KIND_PREFIX[kind]}_${livemode ? 'live' : 'test'}_`

/** All fake accounts, their API keys and the OAuth grants between them. */
export class AccountRegistry {
  readonly accounts = new Map<string, FakeAccount>()
  readonly keys = new Map<string, KeyRecord>()
  readonly oauthCodes = new Map<string, OAuthGrant>()
  readonly refreshTokens = new Map<string, RefreshGrant>()

  constructor(private readonly now: () => number) {}

  create(options: CreateAccountOptions = {}): FakeAccountKeys {
    const id = options.id ?? newId('acct')
    if (!id.startsWith('acct_')) throw new Error(`Fake account ids start with acct_ (got ${id})`)
    if (this.accounts.has(id)) throw new Error(`Fake account ${id} already exists`)
    if (options.platformAccountId && !this.accounts.has(options.platformAccountId)) {
      throw new Error(`Unknown platform account ${options.platformAccountId}`)
    }
    if (options.clientId !== undefined) {
      if (!/^ca_[A-Za-z0-9]+$/.test(options.clientId)) throw new Error('A client id must look like ca_…')
      if (this.accountForClientId(options.clientId)) throw new Error(`Client id ${options.clientId} is taken`)
    }
    const account: FakeAccount = {
      id,
      created: this.now(),
      country: options.country ?? 'US',
      businessName: options.businessName ?? 'Fake Merchant',
      defaultCurrency: options.defaultCurrency ?? 'usd',
      email: options.email ?? null,
      platformId: options.platformAccountId ?? null,
      clientId: options.clientId ?? `ca_${randomToken(32)}`,
      livemode: options.livemode === true,
      state: createAccountState(options.billing),
    }
    // Register keys first so a bad or duplicate key leaves no half-made account behind.
    const live = account.livemode
    const secretKey = this.checkKey(options.secretKey, 'secret', live)
    const publishableKey = this.checkKey(options.publishableKey, 'publishable', live)
    const restricted = (options.restrictedKeys ?? [{}]).map((entry) =>
      typeof entry === 'string' ? { key: entry, permissions: undefined } : entry,
    )
    const restrictedKeys = restricted.map((entry) => this.checkKey(entry.key, 'restricted', live))
    this.accounts.set(id, account)
    this.addKey(secretKey, id, 'secret')
    this.addKey(publishableKey, id, 'publishable')
    restrictedKeys.forEach((key, i) => {
      this.addKey(key, id, 'restricted', restricted[i]?.permissions ?? {})
    })
    return {
      id,
      secretKey,
      publishableKey,
      restrictedKey: restrictedKeys[0] ?? null,
      restrictedKeys,
      clientId: account.clientId,
    }
  }

  /** Mints a new key for an account (OAuth access tokens are secret keys of the connected account). */
  addKey(
    key: string,
    accountId: string,
    kind: KeyKind,
    permissions: RestrictedKeyPermissions | null = null,
    grant: { platformId: string; oauthCode: string | null } | null = null,
  ): KeyRecord {
    const record: KeyRecord = {
      key,
      accountId,
      kind,
      permissions: kind === 'restricted' ? (permissions ?? {}) : null,
      platformId: grant?.platformId ?? null,
      oauthCode: grant?.oauthCode ?? null,
      revoked: false,
    }
    this.keys.set(key, record)
    return record
  }

  generateKey(kind: KeyKind, livemode = false): string {
    return `${keyPrefix(kind, livemode)}${randomToken(40)}`
  }

  account(id: string): FakeAccount | undefined {
    return this.accounts.get(id)
  }

  /** The platform whose Connect application has this client id. */
  accountForClientId(clientId: string): FakeAccount | undefined {
    return [...this.accounts.values()].find((account) => account.clientId === clientId)
  }

  /** The secret (or OAuth) key record for a platform, checked for the OAuth helpers. */
  platformForKey(secretKey: string): FakeAccount {
    const record = this.keys.get(secretKey)
    if (!record || record.revoked || record.kind !== 'secret' || record.platformId) {
      throw new Error('platformSecretKey must be a platform account secret key (sk_test_…)')
    }
    const account = this.accounts.get(record.accountId)
    if (!account) throw new Error('platformSecretKey belongs to no account')
    return account
  }

  createOAuthCode(options: {
    platformSecretKey: string
    connectedAccountId: string
    scope?: 'read_write' | 'read_only'
  }): string {
    const platform = this.platformForKey(options.platformSecretKey)
    if (!this.accounts.has(options.connectedAccountId)) {
      throw new Error(
        `Unknown connected account ${options.connectedAccountId}; create it with createAccount()`,
      )
    }
    if (options.connectedAccountId === platform.id) throw new Error('A platform cannot connect to itself')
    const code = `ac_${randomToken(32)}`
    this.oauthCodes.set(code, {
      code,
      platformId: platform.id,
      accountId: options.connectedAccountId,
      scope: options.scope ?? 'read_write',
      used: false,
      issuedKeys: [],
    })
    return code
  }

  private checkKey(key: string | undefined, kind: KeyKind, livemode: boolean): string {
    const value = key ?? this.generateKey(kind, livemode)
    const prefix = keyPrefix(kind, livemode)
    if (!value.startsWith(prefix)) throw new Error(`A ${kind} key must start with ${prefix}`)
    if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`Fake keys use letters, digits and _ only (${value})`)
    if (this.keys.has(value)) throw new Error(`Key ${value} is already registered`)
    return value
  }
}
