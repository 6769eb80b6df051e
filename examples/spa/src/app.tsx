import { type MouseEvent, type ReactNode, useEffect, useState } from 'react'
import { attachCancelFlow, boot } from './retainkit'
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

/** The only route with a cancel button: it comes and goes with the route. */
function Billing({ outcome }: { outcome: string }) {
  return (
    <section className="card">
      <h1>Billing</h1>
      <p>{boot().plan}</p>
      <button type="button" id="cancel-subscription" className="cancel">
        Cancel subscription
      </button>
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
  useEffect(() => attachCancelFlow(setOutcome), [])
  const { subscribers, customerId } = boot()
  return (
    <>
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
          <Billing outcome={outcome} />
        ) : path === `${BASE}/team` ? (
          <Team />
        ) : (
          <Overview />
        )}
      </main>
    </>
  )
}
