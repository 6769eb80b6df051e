import type { GettingLiveState } from '@retainkit/shared/getting-live'
import type { GettingLive } from '@retainkit/shared/schemas'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { getGettingLive } from '../../lib/api'
import { GETTING_LIVE_COPY, stepStateText } from './getting-live-steps'
import './getting-live.css'

const STATE_MARKS: Readonly<Record<GettingLiveState, string>> = {
  done: '✓',
  todo: '',
  lapsed: '!',
  demo: '–',
}

/** How often the checklist asks again while a step is open: a finished step shows within seconds. */
export const GETTING_LIVE_POLL_MS = 2000

/** The checklist's state from the server, asked again every two seconds while the page is visible. */
export function useGettingLive(accountId: string): GettingLive | null {
  const [status, setStatus] = useState<GettingLive | null>(null)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      if (document.visibilityState !== 'hidden') {
        const result = await getGettingLive(accountId)
        if (!live) return
        if (result.data) setStatus(result.data)
        if (result.data?.complete) return
      }
      timer = setTimeout(() => void poll(), GETTING_LIVE_POLL_MS)
    }
    void poll()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [accountId])
  return status
}

/**
 * "Getting live" on the dashboard: the six steps from a new account to a working install, each ticked
 * from the server's state as soon as it is done, each with the one action that completes it. It goes
 * away once every step is done; Settings → Install reopens it (`forceOpen`), with a button to close.
 */
export function GettingLiveChecklist({
  accountId,
  forceOpen = false,
  onClose,
}: {
  accountId: string
  forceOpen?: boolean
  onClose?: () => void
}) {
  const status = useGettingLive(accountId)
  const headingId = useId()
  if (!status || (status.complete && !forceOpen)) return null
  const done = status.steps.filter((step) => step.done).length
  return (
    <section className="rk-getting-live" aria-labelledby={headingId} data-testid="getting-live">
      <div className="rk-getting-live__header">
        <h2 id={headingId}>Getting live</h2>
        <p className="rk-getting-live__progress" aria-live="polite">
          {done} of {status.steps.length} done
        </p>
        {forceOpen && onClose ? (
          <button type="button" className="rk-button rk-button--secondary rk-button--small" onClick={onClose}>
            Hide checklist
          </button>
        ) : null}
      </div>
      <ol className="rk-getting-live__steps">
        {status.steps.map((step) => {
          const copy = GETTING_LIVE_COPY[step.key]
          return (
            <li
              key={step.key}
              className={`rk-getting-live__step rk-getting-live__step--${step.state}`}
              data-step={step.key}
              data-done={step.done ? 'true' : 'false'}
              data-state={step.state}
            >
              <span className="rk-getting-live__mark" aria-hidden="true">
                {STATE_MARKS[step.state]}
              </span>
              <span className="rk-getting-live__text">
                <span className="rk-getting-live__title">{copy.title}</span>
                <span className="rk-getting-live__state">{stepStateText(step.key, step.state)}</span>
              </span>
              {step.done ? null : (
                <Link className="rk-button rk-button--secondary rk-button--small" to={copy.href(accountId)}>
                  {copy.action}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
