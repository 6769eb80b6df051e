import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { CALLBACK_ERRORS } from '../auth-callback/complete-sign-in'

/**
 * What login says for each `?error=` value. The specification leaves the
 * words open; these tell the person what happened and what to do next.
 */
/** A signed-in session the server revoked or that ran out: the private pages send the user here. */
export const SESSION_EXPIRED = 'session_expired'

export const LOGIN_ERROR_MESSAGES: Readonly<
  Record<(typeof CALLBACK_ERRORS)[keyof typeof CALLBACK_ERRORS] | typeof SESSION_EXPIRED, string>
> = {
  session_expired: 'Your session has expired — sign in again.',
  session_error:
    "We couldn't confirm your sign-in. The link may have expired, been used already, or been opened in a different browser from the one that asked for it. Request a new link below.",
  no_session:
    "We couldn't find a sign-in in progress. Open the most recent link from your email, or request a new one below.",
  auth_callback_failed: 'Something went wrong while completing your sign-in. Please try again.',
}

const PROVIDER_VALUE_MAX_LENGTH = 80
const DESCRIPTION_MAX_LENGTH = 160

/**
 * Any other value is the sign-in provider's own error code (e.g. `access_denied`): shown sanitized,
 * with a generic explanation around it.
 */
export function loginErrorMessage(value: string, description?: string | null): string {
  // The auth server said what went wrong in words ("Email link is invalid or has expired"): show those.
  if (description) {
    const words = sanitizeMessage(description, { audience: 'user', maxLength: DESCRIPTION_MAX_LENGTH })
    return `${words.replace(/\.$/, '')}. Request a new link below, or choose another way to sign in.`
  }
  if (Object.hasOwn(LOGIN_ERROR_MESSAGES, value)) {
    return LOGIN_ERROR_MESSAGES[value as keyof typeof LOGIN_ERROR_MESSAGES]
  }
  const shown = sanitizeMessage(value, { audience: 'user', maxLength: PROVIDER_VALUE_MAX_LENGTH })
  return `Sign-in was not completed. The sign-in service reported: "${shown}". Please try again, or choose another way to sign in.`
}
