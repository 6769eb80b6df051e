import { CancelButton, RetainkitProvider } from '@retainkit/react'
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react'
import { boot, flowListeners, getToken } from './retainkit'
import { BASE, navigate, usePath } from './router'

const ROUTES = [
  { path: `${BASE}/`, label: 'Overview' },
  { path: `${BASE}/billing`, label: 'Billing' },
  { path: `${BASE}/team`, label: 'Team' },
]

function Link({ to, children }: { to: string; children: ReactNode }) {
  const path = usePath()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a
      href={`${to}${window.location.search}`}
      onClick={onClick}
      aria-current={path === to ? 'page' : undefined}
    >
      {children}
    </a>
  )
}

function Overview() {
  return (
    <section className="card">
      <h1>Overview</h1>
      <p>Welcome to Acme Cloud, {boot().customerName}. Your plan and the cancel button are under Billing.</p>
    </section>
  )
}

/**
 * The only route with a cancel button: it comes and goes with the route. Where the flow cannot open
 * (fail-open), the link leads to the merchant's own cancel page.
 */
function Billing({ outcome, onOutcome }: { outcome: string; onOutcome: (text: string) => void }) {
  const listeners = useMemo(() => flowListeners(onOutcome), [onOutcome])
  return (
    <section className="card">
      <h1>Billing</h1>
      <p>{boot().plan}</p>
      <CancelButton
        id="cancel-subscription"
        className="cancel"
        getToken={getToken}
        href="/cancelled"
        {...listeners}
      >
        Cancel subscription
      </CancelButton>
      <p id="outcome" role="status">
        {outcome}
      </p>
    </section>
  )
}

function Team() {
  return (
    <section className="card">
      <h1>Team</h1>
      <p>Invite colleagues to your workspace.</p>
    </section>
  )
}

export function App() {
  const path = usePath()
  const [outcome, setOutcome] = useState('')
  const { subscribers, customerId, retainkit } = boot()
  return (
    <RetainkitProvider accountId={retainkit.accountId} mode="test" serverUrl={retainkit.serverUrl}>
      <header className="site">
        <strong>Acme Cloud</strong>
        <a href="/">All examples</a>
        <nav aria-label="App">
          {ROUTES.map((route) => (
            <Link key={route.path} to={route.path}>
              {route.label}
            </Link>
          ))}
        </nav>
      </header>
      <main>
        <nav className="picker card" aria-label="Test subscriber">
          <strong>Signed in as</strong>
          <ul>
            {subscribers.map((s) => (
              <li key={s.customerId}>
                <a
                  href={`?customer=${encodeURIComponent(s.customerId)}`}
                  aria-current={s.customerId === customerId}
                >
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {path === `${BASE}/billing` ? (
          <Billing outcome={outcome} onOutcome={setOutcome} />
        ) : path === `${BASE}/team` ? (
          <Team />
        ) : (
          <Overview />
        )}
      </main>
    </RetainkitProvider>
  )
}
