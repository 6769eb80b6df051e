import { ROUTES } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'

interface AuthLayoutProps {
  /** The page's h1. */
  title: string
  children: ReactNode
}

/** The frame of the signed-out pages: brand, one centred card in the main landmark. */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <div className="rk-auth">
      <header className="rk-auth__header">
        <a className="rk-brand" href={ROUTES.home}>
          Retainkit
        </a>
      </header>
      <main id="main" className="rk-auth__main">
        <div className="rk-card rk-auth__card">
          <h1 className="rk-auth__title">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  )
}

export type { AuthLayoutProps }
