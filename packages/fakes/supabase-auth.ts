import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/supabase-js'

/**
 * The one stateful fake of supabase-js's auth client, shaped like the part of it the console uses (its
 * AuthClient boundary; the console's tests hand it in where that interface is expected). It behaves
 * like the real client where the console relies on it: a session persists until sign-out, subscribers
 * get INITIAL_SESSION asynchronously on subscribe and every later change, sign-out clears the session
 * and emits SIGNED_OUT. Tests steer the edge cases (errors, a pending code exchange) through `script`.
 */

export interface FakeAuthScript {
  /** getSession answers with this error (and no session). */
  getSessionError?: AuthError | null
  /** getSession throws this (an unexpected exception). */
  getSessionThrows?: unknown
  /** initialize() (the URL code exchange) answers with this error. */
  initializeError?: AuthError | null
  signInWithOtpError?: AuthError | null
  signInWithOAuthError?: AuthError | null
  signOutError?: AuthError | null
  /** signOut rejects (network down). */
  signOutThrows?: unknown
}

export interface FakeAuthCall {
  method: 'initialize' | 'getSession' | 'signInWithOtp' | 'signInWithOAuth' | 'signOut' | 'onAuthStateChange'
  args: unknown[]
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void

let userCounter = 0

export function fakeUser(email = 'jane@example.com', id?: string): User {
  userCounter += 1
  const now = new Date().toISOString()
  return {
    id: id ?? `00000000-0000-4000-8000-${String(userCounter).padStart(12, '0')}`,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: now,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    last_sign_in_at: now,
  }
}

export function fakeSession(user: User = fakeUser()): Session {
  const now = Math.floor(Date.now() / 1000)
  return {
    access_token: `access-token-for-${user.id}`,
    refresh_token: `refresh-token-for-${user.id}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user,
  }
}

export function authError(message: string, status = 400, code = 'unexpected_failure'): AuthError {
  const error = new Error(message) as AuthError
  error.name = 'AuthApiError'
  Object.assign(error, { status, code, __isAuthError: true })
  return error
}

export class FakeSupabaseAuth {
  session: Session | null
  script: FakeAuthScript
  readonly calls: FakeAuthCall[] = []
  private readonly listeners = new Set<Listener>()
  /** Resolved by `completeCodeExchange`: lets a test hold initialize() like a slow exchange. */
  private initializeGate: Promise<void> | null = null
  private releaseInitialize: (() => void) | null = null

  constructor(options: { session?: Session | null; script?: FakeAuthScript } = {}) {
    this.session = options.session ?? null
    this.script = options.script ?? {}
  }

  /** Makes initialize() wait until completeCodeExchange() is called (a code exchange in flight). */
  holdCodeExchange(): void {
    this.initializeGate = new Promise((resolve) => {
      this.releaseInitialize = resolve
    })
  }

  /** Ends a held exchange; with a session, signs in and emits SIGNED_IN as supabase-js does. */
  completeCodeExchange(session: Session | null): void {
    if (session) this.signIn(session)
    this.releaseInitialize?.()
  }

  async initialize(): Promise<{ error: AuthError | null }> {
    this.calls.push({ method: 'initialize', args: [] })
    if (this.initializeGate) await this.initializeGate
    return { error: this.script.initializeError ?? null }
  }

  async getSession() {
    this.calls.push({ method: 'getSession', args: [] })
    if (this.script.getSessionThrows !== undefined) throw this.script.getSessionThrows
    if (this.script.getSessionError) {
      return { data: { session: null }, error: this.script.getSessionError } as const
    }
    if (this.session) return { data: { session: this.session }, error: null } as const
    return { data: { session: null }, error: null } as const
  }

  onAuthStateChange(callback: Listener) {
    this.calls.push({ method: 'onAuthStateChange', args: [] })
    this.listeners.add(callback)
    // supabase-js reports the current state to a new subscriber on a later tick.
    const initial = this.session
    setTimeout(() => {
      if (this.listeners.has(callback)) callback('INITIAL_SESSION', initial)
    }, 0)
    return { data: { subscription: { unsubscribe: () => this.listeners.delete(callback) } } }
  }

  async signInWithOtp(credentials: {
    email: string
    options?: { emailRedirectTo?: string; shouldCreateUser?: boolean }
  }): Promise<{ error: AuthError | null }> {
    this.calls.push({ method: 'signInWithOtp', args: [credentials] })
    return { error: this.script.signInWithOtpError ?? null }
  }

  async signInWithOAuth(credentials: { provider: string; options?: { redirectTo?: string } }) {
    this.calls.push({ method: 'signInWithOAuth', args: [credentials] })
    return { error: this.script.signInWithOAuthError ?? null }
  }

  async signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<{ error: AuthError | null }> {
    this.calls.push({ method: 'signOut', args: [options] })
    if (this.script.signOutThrows !== undefined) throw this.script.signOutThrows
    if (this.script.signOutError) return { error: this.script.signOutError }
    this.session = null
    this.emit('SIGNED_OUT', null)
    return { error: null }
  }

  /** Test helper: a sign-in completed elsewhere (magic link, another tab). */
  signIn(session: Session = fakeSession()): Session {
    this.session = session
    this.emit('SIGNED_IN', session)
    return session
  }

  emit(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of [...this.listeners]) listener(event, session)
  }

  get listenerCount(): number {
    return this.listeners.size
  }

  callsOf(method: FakeAuthCall['method']): unknown[][] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args)
  }
}
