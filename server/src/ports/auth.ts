// The signed-in user and the bearer verifier, as the HTTP layer's guards take them: the auth server
// implements them a floor above.

/** The signed-in user as the API sees them. */
export interface AuthUser {
  id: string
  email: string
}

/** Verifies a bearer access token; throws HttpError UNAUTHORIZED or TOKEN_EXPIRED. */
export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>
}
