import { useEffect } from 'react'
import { AuthLayout } from '../components/auth/auth-layout'
import { LoginPanel } from '../pages/login/login-panel'
import { SignupPanel } from '../pages/signup/signup-panel'
import { pageName } from './page-names'

export type PublicPage = 'login' | 'signup'

const TITLES: Readonly<Record<PublicPage, string>> = { login: 'Welcome Back', signup: 'Create your account' }

/**
 * /login/ and /signup/ for a visitor whose browser holds no session: the page alone, without the
 * router, the session layer or supabase-js (which loads when the form is sent, lib/runtime.ts). What a
 * visitor downloads before signing in stays what these pages need (issue 33 #10). The auth callback
 * then starts the whole console, and the signed-in start preloads its pages.
 */
export function PublicAuthPage({ page, location }: { page: PublicPage; location: Location }) {
  useEffect(() => {
    document.title = `${pageName(location.pathname) ?? ''} · Retainkit`
  }, [location])
  return (
    <AuthLayout title={TITLES[page]}>
      {page === 'login' ? <LoginPanel search={location.search} /> : <SignupPanel />}
    </AuthLayout>
  )
}
