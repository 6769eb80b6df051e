/**
 * A legend as HTML under a chart: it wraps on narrow cards (nivo's SVG legends overflow), and its text is
 * real text. Colours match the chart's series in order.
 */
export function ChartLegend({ items }: { items: ReadonlyArray<{ label: string; color: string }> }) {
  return (
    <ul className="rk-legend" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label} className="rk-legend__item">
          <span className="rk-legend__swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  )
}
