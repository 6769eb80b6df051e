import { useEffect } from 'react'
import { AuthLayout } from '../../components/auth/auth-layout'
import { Spinner } from '../../components/spinner'
import { signOut } from '../../lib/sign-out'

/** /logout/: signs out everywhere and then lands on the home page. */
export function LogoutPage() {
  useEffect(() => {
    void signOut()
  }, [])
  return (
    <AuthLayout title="Signing out">
      <Spinner label="Signing out..." />
    </AuthLayout>
  )
}
