import { parsePeriod } from '@retainkit/shared/period'
import { ROUTES } from '@retainkit/shared/routes'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import type { DashboardSlice, SessionsFilter } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { formatNumber } from '../../lib/format'
import { DEFAULT_BILLING_URL } from '../../session/nav-hint'
import { SessionsDrawer } from '../sessions/sessions-drawer'
import { csvFilename, downloadCsv, toCsv } from './csv'
import { DATASET_TITLES, type DashboardDataset } from './dashboard-datasets'
import { IS_EMPTY, type ShapedData, type Table, tableFor } from './dashboard-shaping'
import type { DatasetLoad } from './use-dataset'

export const EMPTY_MESSAGE = 'No cancel sessions in this period yet'
/** A merchant still trying the widget on a development site has test-mode sessions only. */
export const TEST_MODE_HINT = 'Trying the widget in test mode? Tick "Test-mode data" to see those sessions.'

export interface ChartCardProps<K extends DashboardDataset> {
  /** Also names the card (DATASET_TITLES). */
  dataset: K
  description: string
  load: DatasetLoad
  shape: (raw: unknown) => ShapedData[K]
  labels: ReadonlyMap<string, string>
  accountId: string
  period: string
  /** The visual; must carry its own text summary (aria-label) for screen readers. */
  renderChart: (data: ShapedData[K]) => ReactNode
  /** Shown above the chart and the table alike (e.g. a total). */
  renderSummary?: (data: ShapedData[K]) => ReactNode
  wide?: boolean
  /** Test-mode data is shown (the empty state then has nothing to add about it). */
  testMode?: boolean
  /** The segment or arm the dashboard is sliced to: the card's sessions drawer shows the same. */
  slice?: DashboardSlice | undefined
  /** What the card's sessions drawer narrows to beyond the period (e.g. saved sessions for revenue). */
  sessionsFilter?: Pick<SessionsFilter, 'outcome' | 'offer' | 'kind' | 'reason'>
}

/** The sessions behind a card's figures: its period, mode and slice, and its own filter. */
function cardSessionsFilter<K extends DashboardDataset>(props: ChartCardProps<K>): SessionsFilter {
  const range = parsePeriod(props.period)
  return {
    ...(range.ok ? { startDate: range.start.toISOString(), endDate: range.end.toISOString() } : {}),
    mode: props.testMode ? 'test' : 'live',
    segment_id: props.slice?.segmentId,
    arm_id: props.slice?.armId,
    ...props.sessionsFilter,
  }
}

/**
 * One dashboard panel with every state of the dashboard's data sets: loading (a skeleton and a status
 * message), locked for free accounts (an upgrade card), error (message and Retry), empty (with a link to
 * install the widget), and data — as a chart, or as a table, its text alternative — with CSV export.
 */
export function ChartCard<K extends DashboardDataset>(props: ChartCardProps<K>) {
  const { dataset, description, shape, labels, accountId, period, wide } = props
  const { state, retry } = props.load
  const title = DATASET_TITLES[dataset]
  const headingId = useId()
  const [asTable, setAsTable] = useState(false)
  const data = useMemo(() => (state.status === 'ready' ? shape(state.raw) : null), [state, shape])
  const table = useMemo(() => (data ? tableFor(dataset, data, labels) : null), [data, dataset, labels])
  const empty = data !== null && IS_EMPTY[dataset](data)

  return (
    <section
      className={`rk-card${wide ? ' rk-card--wide' : ''}`}
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
    >
      <header className="rk-card__header">
        <div>
          <h2 id={headingId}>{title}</h2>
          <p className="rk-card__description">{description}</p>
        </div>
        {state.status === 'locked' ? null : (
          <div className="rk-card__tools">
            <SessionsDrawer
              title={title}
              accountId={accountId}
              period={period}
              filter={cardSessionsFilter(props)}
              reasonLabel={(key) => labels.get(key) ?? key}
            />
            {data && table && !empty ? (
              <>
                <button
                  type="button"
                  className="rk-button rk-button--small"
                  aria-pressed={asTable}
                  onClick={() => setAsTable((on) => !on)}
                >
                  {asTable ? 'Show chart' : 'Show table'}
                </button>
                <button
                  type="button"
                  className="rk-button rk-button--small"
                  onClick={() =>
                    downloadCsv(csvFilename(accountId, dataset, period), toCsv(table.header, table.rows))
                  }
                >
                  Export CSV<span className="rk-visually-hidden">: {title}</span>
                </button>
              </>
            ) : null}
          </div>
        )}
      </header>
      <div className="rk-card__body">
        <CardStatus state={state} title={title} retry={retry} />
        {data && empty ? (
          <div className="rk-card__empty" role="status">
            <p>{EMPTY_MESSAGE}</p>
            <Link to={`${ROUTES.settings}?tab=install`}>Install the widget on your site</Link>
            {props.testMode ? null : <p className="rk-card__hint">{TEST_MODE_HINT}</p>}
          </div>
        ) : null}
        {data && table && !empty ? (
          <>
            {props.renderSummary?.(data)}
            {asTable ? (
              <DataTable caption={title} table={table} />
            ) : (
              <div className="rk-chart">{props.renderChart(data)}</div>
            )}
          </>
        ) : null}
      </div>
    </section>
  )
}

/** A card's body while it is not drawing data: loading, locked on the free tier, or failed with a retry. */
function CardStatus({
  state,
  title,
  retry,
}: {
  state: DatasetLoad['state']
  title: string
  retry: () => void
}) {
  return (
    <>
      {state.status === 'loading' ? (
        <>
          <div className="rk-skeleton" aria-hidden="true" />
          <p className="rk-visually-hidden" role="status">
            Loading {title.toLowerCase()}…
          </p>
        </>
      ) : null}
      {state.status === 'locked' ? (
        <div className="rk-upgrade">
          <p>
            <strong>{title} is part of the full dashboard on Pro.</strong> Free accounts see cancellation
            reasons, the save rate and write-in words.
          </p>
          <a className="rk-button rk-button--primary" href={DEFAULT_BILLING_URL}>
            Upgrade to Pro
          </a>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="rk-card__error" role="alert">
          <p>{userMessageOf(state.error)}</p>
          <button type="button" className="rk-button rk-button--secondary" onClick={retry}>
            Retry<span className="rk-visually-hidden">: {title}</span>
          </button>
        </div>
      ) : null}
    </>
  )
}

/** A column is numeric when its first filled cell is a number: numbers align right, text left. */
function numericColumn(table: Table, column: number): boolean {
  const first = table.rows.find((row) => row[column] !== null && row[column] !== undefined)
  return typeof first?.[column] === 'number'
}

export function DataTable({ caption, table }: { caption: string; table: Table }) {
  return (
    <div className="rk-table-wrap">
      <table className="rk-table">
        <caption className="rk-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.header.map((cell, column) => (
              <th key={cell} scope="col" className={numericColumn(table, column) ? 'rk-num' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are recomputed as a whole and never reordered
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <th key={column} scope="row">
                    {cell ?? ''}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <td key={column} className={typeof cell === 'number' ? 'rk-num' : undefined}>
                    {typeof cell === 'number' ? formatNumber(cell) : (cell ?? '')}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
