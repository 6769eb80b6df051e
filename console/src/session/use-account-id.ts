import { useSearchParams } from 'react-router-dom'
import { useSession } from './session-store'

/**
 * The account a private page works on: the `account_id` of the URL (dashboard and editor links carry
 * it) when the user belongs to it, else the session's active account. Null until the session
 * is ready.
 */
export function useAccountId(): string | null {
  const [params] = useSearchParams()
  const fromUrl = params.get('account_id')
  const accounts = useSession((state) => state.accounts)
  const active = useSession((state) => state.active_account_id)
  if (fromUrl && accounts.some((account) => account.id === fromUrl)) return fromUrl
  return active
}
