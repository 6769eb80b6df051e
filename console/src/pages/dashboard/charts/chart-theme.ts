import type { PartialTheme } from '@nivo/theming'

/**
 * Series colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics), distinct in hue and
 * lightness; the table view is the full text alternative for anyone who cannot tell them apart.
 */
export const CHART_COLORS = [
  '#4f46e5',
  '#0f766e',
  '#b45309',
  '#be123c',
  '#7c3aed',
  '#0369a1',
  '#4d7c0f',
  '#a21caf',
  '#374151',
  '#c2410c',
] as const

export const CHART_THEME: PartialTheme = {
  text: { fontSize: 12, fill: '#1f2937' },
  axis: {
    ticks: { text: { fill: '#374151', fontSize: 12 }, line: { stroke: '#6b7280' } },
    legend: { text: { fill: '#1f2937', fontSize: 12, fontWeight: 600 } },
    domain: { line: { stroke: '#6b7280', strokeWidth: 1 } },
  },
  grid: { line: { stroke: '#e5e7eb' } },
  legends: { text: { fill: '#1f2937', fontSize: 12 } },
  tooltip: { container: { background: '#111827', color: '#f9fafb', fontSize: 13, borderRadius: 6 } },
  labels: { text: { fontSize: 12, fontWeight: 600 } },
}

/** Motion follows the visitor's reduced-motion setting. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

/** A sentence listing the first items, for a chart's aria-label ('…, and 3 more'). */
export function listSummary(items: readonly string[], max = 6): string {
  if (items.length <= max) return items.join('; ')
  return `${items.slice(0, max).join('; ')}; and ${items.length - max} more`
}

/** The next "nice" step (1, 2 or 5 × 10ⁿ, at least 1) for about five ticks up to `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 5)
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step =
    [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? rough
  return Math.max(1, Math.round(step))
}

/** Whole-number axis ticks for counts (no '0.5 cancellations', no '197'): 0 to at least `max` in nice steps. */
export function countTicks(max: number): number[] {
  const step = niceStep(Math.max(1, Math.ceil(max)))
  const top = Math.max(step, Math.ceil(Math.max(1, max) / step) * step)
  const ticks: number[] = []
  for (let value = 0; value <= top; value += step) ticks.push(value)
  return ticks
}
