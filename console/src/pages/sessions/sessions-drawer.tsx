import { ROUTES } from '@retainkit/shared/routes'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { SessionsFilter } from '../../lib/api'
import { SessionsList } from './sessions-list'
import './sessions.css'

/** The Sessions page's URL for a filter, so the drawer's view opens whole in its own page. */
export function sessionsHref(accountId: string, filter: SessionsFilter, period: string): string {
  const query = new URLSearchParams({ account_id: accountId, period })
  if (filter.mode === 'test') query.set('mode', 'test')
  if (filter.segment_id) query.set('segment', filter.segment_id)
  if (filter.arm_id) query.set('arm', filter.arm_id)
  for (const key of ['outcome', 'reason', 'offer', 'kind'] as const) {
    const value = filter[key]
    if (value) query.set(key, value)
  }
  return `${ROUTES.sessions}?${query.toString()}`
}

/**
 * "Sessions" on a dashboard card: a drawer (a modal dialog: focus inside, Escape closes, the page
 * behind inert) with the sessions behind that card's figures — the card's period, mode and slice, and
 * its own filter — each opening the session's page, and a link to the whole filtered view.
 */
export function SessionsDrawer(props: {
  title: string
  accountId: string
  period: string
  filter: SessionsFilter
  reasonLabel: (key: string) => string
}) {
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <>
      <button type="button" className="rk-button rk-button--small" onClick={() => setOpen(true)}>
        Sessions<span className="rk-visually-hidden">: {props.title}</span>
      </button>
      <dialog ref={dialog} className="rk-drawer" aria-labelledby={headingId} onClose={() => setOpen(false)}>
        {open ? (
          <div className="rk-drawer__body">
            <header className="rk-drawer__header">
              <h2 id={headingId}>Sessions behind “{props.title}”</h2>
              <button type="button" className="rk-button rk-button--small" onClick={() => setOpen(false)}>
                Close
              </button>
            </header>
            <p>
              <Link to={sessionsHref(props.accountId, props.filter, props.period)}>
                Open them in the Sessions page
              </Link>
            </p>
            <SessionsList
              accountId={props.accountId}
              filter={props.filter}
              reasonLabel={props.reasonLabel}
              pageSize={10}
              empty="No sessions behind this card in this period."
            />
          </div>
        ) : null}
      </dialog>
    </>
  )
}
