/** The signed-in user as the API sees them. */
export interface AuthUser {
  id: string
  email: string
}

/** Verifies a bearer access token; throws HttpError UNAUTHORIZED or TOKEN_EXPIRED. */
export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>
}
