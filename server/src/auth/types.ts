export type { AuthUser, TokenVerifier } from '../ports/auth'
