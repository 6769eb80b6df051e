import { SIGN_OUT_REDIRECT_DELAY_MS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { authStore } from '../session/auth-store'
import { removeNavHint } from '../session/nav-hint'
import { sessionStore } from '../session/session-store'
import { removeStoredAuthTokens } from './auth-storage'
import { browserLocation } from './browser-location'
import { handleError } from './error-handler'
import { forgetReturnTo } from './return-to'
import { getAuthClient } from './runtime'

let signingOut: Promise<void> | null = null

/**
 * Sign-out is global (every session of the user), removes the stored auth tokens, then
 * redirects home after SIGN_OUT_REDIRECT_DELAY_MS (100 ms). Local tokens go even when the server
 * cannot be reached: a person who asked to sign out must not stay signed in on this device.
 */
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    authStore.setState({ signingOut: true })
    try {
      const { error } = await getAuthClient().signOut({ scope: 'global' })
      if (error) handleError(error, { where: 'signOut' })
    } catch (thrown) {
      handleError(thrown, { where: 'signOut' })
    }
    try {
      removeStoredAuthTokens(localStorage)
    } catch (thrown) {
      handleError(thrown, { where: 'signOut.storage' })
    }
    removeNavHint()
    forgetReturnTo()
    sessionStore.getState().clear()
    await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_REDIRECT_DELAY_MS))
    browserLocation.assign(ROUTES.home)
  })().finally(() => {
    signingOut = null
  })
  return signingOut
}
