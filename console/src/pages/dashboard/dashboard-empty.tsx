import { formatPeriodLabel } from '@retainkit/shared/period'
import { ROUTES } from '@retainkit/shared/routes'
import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { Link } from 'react-router-dom'
import { useApiResource } from '../../lib/use-api-resource'
import { loadHeadlineFigures } from './dashboard-data'
import type { DatasetRange } from './use-dataset'

/**
 * Whether the period has any cancel session, from the headline row's figures (the same request: the
 * two askings of one render go to the server together). Null while unknown, and when the answer failed
 * (the panels then say what they can, each on its own). A slice (a segment or an arm) is left to its
 * panels: the headline row counts the whole account.
 */
export function usePeriodHasSessions(range: DatasetRange | null): boolean | null {
  const { state } = useApiResource<HeadlineFigures | null>(
    () => {
      if (!range) return Promise.resolve({ data: null })
      const { accountId, startDate, endDate, mode } = range
      return loadHeadlineFigures<HeadlineFigures>({
        accountId,
        startDate,
        endDate,
        ...(mode ? { mode } : {}),
      })
    },
    range ? `${range.accountId} ${range.startDate} ${range.endDate} ${range.mode ?? 'live'}` : '',
  )
  if (!range || range.slice || state.status !== 'ready' || !state.data) return null
  return state.data.sessions.current > 0
}

/**
 * The dashboard's one empty state, in place of every panel saying "nothing yet" on its own: what will
 * show here, and the ways forward (install, test mode, a longer period).
 */
export function DashboardEmpty(props: {
  period: string
  testMode: boolean
  onShowTestMode: () => void
  onLongerPeriod: (() => void) | null
}) {
  const { period, testMode } = props
  return (
    <section
      className="rk-dashboard__empty"
      aria-labelledby="dashboard-empty-title"
      data-testid="dashboard-empty"
    >
      <h2 id="dashboard-empty-title">No {testMode ? 'test-mode ' : ''}cancel sessions in this period</h2>
      <p>
        {formatPeriodLabel(period)}: nothing yet. Reasons, the save rate, offer results, saved revenue and
        what subscribers wrote appear here as soon as subscribers use your cancel flow.
      </p>
      <ul className="rk-dashboard__empty-actions">
        <li>
          <Link to={`${ROUTES.settings}?tab=install`}>
            {testMode ? 'Get the test-site snippet' : 'Install the widget on your site'}
          </Link>
        </li>
        {testMode ? null : (
          <li>
            <button
              type="button"
              className="rk-button rk-button--secondary rk-button--small"
              onClick={props.onShowTestMode}
            >
              Show test-mode sessions
            </button>
          </li>
        )}
        {props.onLongerPeriod ? (
          <li>
            <button
              type="button"
              className="rk-button rk-button--secondary rk-button--small"
              onClick={props.onLongerPeriod}
            >
              Look at the last 12 months
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
