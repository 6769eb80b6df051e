/** Sample figures for the analytics page's mock dashboard; none of this is real data. */
export const DASHBOARD_SAMPLE = {
  tiles: [
    { label: 'Retention rate', value: '94.2%', change: '+2.1 pts vs last quarter' },
    { label: 'MRR saved', value: '$12,480', change: 'Last 3 months' },
    { label: 'Save rate', value: '31%', change: 'Of cancel attempts kept' },
  ],
  /** Monthly churn, percent, oldest first. */
  churnTrend: [
    { month: 'Jun', churn: 7.4 },
    { month: 'Jul', churn: 7.1 },
    { month: 'Aug', churn: 6.3 },
    { month: 'Sep', churn: 5.8 },
    { month: 'Oct', churn: 5.1 },
    { month: 'Nov', churn: 4.6 },
  ],
  reasons: [
    { label: 'Too expensive', percent: 34 },
    { label: 'Not using it enough', percent: 28 },
    { label: 'Found an alternative', percent: 23 },
    { label: 'Other', percent: 15 },
  ],
} as const

const CHART = { width: 300, height: 110, pad: 12, max: 8 }

function trendPoints(): string {
  const { churnTrend } = DASHBOARD_SAMPLE
  const step = (CHART.width - CHART.pad * 2) / (churnTrend.length - 1)
  return churnTrend
    .map((point, index) => {
      const x = CHART.pad + index * step
      const y = CHART.pad + (1 - point.churn / CHART.max) * (CHART.height - CHART.pad * 2)
      return `${x.toFixed(1)},${y.toFixed(1)}`
    })
    .join(' ')
}

export function DashboardMock() {
  const { tiles, churnTrend, reasons } = DASHBOARD_SAMPLE
  const first = churnTrend[0]
  const last = churnTrend[churnTrend.length - 1]
  return (
    <div className="mock-dashboard">
      <div className="mock-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="mock-tile">
            <span className="mock-muted">{tile.label}</span>
            <strong>{tile.value}</strong>
            <span className="mock-small">{tile.change}</span>
          </div>
        ))}
      </div>
      <div className="mock-panels">
        <div className="mock-panel">
          <p className="mock-panel-title">Churn trend</p>
          <svg
            className="mock-chart"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-label={`Monthly churn falling from ${first?.churn}% in ${first?.month} to ${last?.churn}% in ${last?.month}`}
          >
            <polyline
              points={trendPoints()}
              fill="none"
              stroke="#4338ca"
              strokeWidth="3"
              strokeLinejoin="round"
            />
          </svg>
          <div className="mock-axis" aria-hidden="true">
            {churnTrend.map((point) => (
              <span key={point.month}>{point.month}</span>
            ))}
          </div>
        </div>
        <div className="mock-panel">
          <p className="mock-panel-title">Top cancellation reasons</p>
          <ul className="mock-bars">
            {reasons.map((reason) => (
              <li key={reason.label}>
                <span className="mock-bar-label">
                  <span>{reason.label}</span>
                  <span>{reason.percent}%</span>
                </span>
                <span className="mock-bar" aria-hidden="true">
                  <span style={{ width: `${reason.percent * 2}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  )
}
