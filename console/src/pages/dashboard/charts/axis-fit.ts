/**
 * A category axis (months, offers) that never lets two tick labels touch, whatever the chart's width:
 * the first of these that fits — every label flat in full, every label flat in its short form ('Mar';
 * the first month and each January keep their year, 'Jan ’26'), slanted 45°, then every second, third…
 * label (the others stay in the tooltip, the table and the chart's text summary) flat, then slanted.
 * Widths come from a text measurer (the browser's canvas in the console, an estimate elsewhere).
 */

export type MeasureText = (text: string) => number

/** Tick text is 12 px (chart-theme.ts); an average glyph is about 0.6 em wide. */
export const TICK_FONT_PX = 12
const LINE_PX = TICK_FONT_PX * 1.25
/** Room kept between two neighbouring labels. */
const GAP_PX = 6
const SLANT = 45
const SIN = Math.sin((SLANT * Math.PI) / 180)

export const estimateTextWidth: MeasureText = (text) => text.length * TICK_FONT_PX * 0.6

/** A label's short form, knowing which labels are shown (a month keeps its year where the shown year turns). */
export type Shorten = (label: string, shown: readonly string[]) => string

export interface AxisFit {
  /** The ticks drawn (a subset when labels are thinned out). */
  tickValues: string[]
  format: (value: string | number) => string
  tickRotation: number
  /** Between the axis line and a label: more when slanted, so the first label clears the other axis's. */
  tickPadding: number
  /** Space under the plot the labels need (for the chart's bottom margin). */
  margin: number
}

interface Candidate {
  short: boolean
  slanted: boolean
  every: number
}

function* candidates(hasShort: boolean, count: number): Generator<Candidate> {
  yield { short: false, slanted: false, every: 1 }
  if (hasShort) yield { short: true, slanted: false, every: 1 }
  yield { short: hasShort, slanted: true, every: 1 }
  for (let every = 2; every <= Math.max(2, count); every += 1) {
    yield { short: hasShort, slanted: false, every }
    yield { short: hasShort, slanted: true, every }
  }
}

/**
 * Fits `labels` (the axis's values, in order) into `width` px of plot. `shorten` gives a label's short
 * form; absent, labels are only slanted or thinned. The labels themselves are the tick values.
 */
export function fitCategoryAxis(
  labels: readonly string[],
  width: number,
  options: { shorten?: Shorten; measure?: MeasureText } = {},
): AxisFit {
  const measure = options.measure ?? estimateTextWidth
  const step = labels.length > 0 ? width / labels.length : width
  for (const candidate of candidates(Boolean(options.shorten), labels.length)) {
    const shown = labels.filter((_, index) => index % candidate.every === 0)
    const text = (label: string) =>
      candidate.short && options.shorten ? options.shorten(label, shown) : label
    const widest = Math.max(0, ...shown.map((label) => measure(text(label))))
    const room = step * candidate.every
    // Flat labels need their width; slanted ones, the line height across the slant.
    const needed = candidate.slanted ? LINE_PX / SIN + GAP_PX : widest + GAP_PX
    if (needed <= room || candidate.every >= labels.length) {
      const tickPadding = candidate.slanted ? 10 : 5
      return {
        tickValues: shown,
        format: (value) => text(String(value)),
        tickRotation: candidate.slanted ? -SLANT : 0,
        tickPadding,
        margin: Math.ceil(tickPadding + (candidate.slanted ? (widest + LINE_PX) * SIN : LINE_PX) + 12),
      }
    }
  }
  return { tickValues: [...labels], format: String, tickRotation: 0, tickPadding: 5, margin: 40 }
}

/** What a nivo bottom axis takes from a fit. */
export const bottomAxisOf = ({ tickValues, format, tickRotation, tickPadding }: AxisFit) => ({
  tickValues,
  format,
  tickRotation,
  tickPadding,
})

/**
 * Months' short form: 'Mar', and 'Jan ’26' on the first label shown of each year, so a year of months
 * reads without every label carrying its year. Labels are 'Mar 2026' (dashboard-shaping's monthLabel).
 */
export const shortMonth: Shorten = (label, shown) => {
  const [month = label, year] = label.split(' ')
  if (!year) return label
  const firstOfYear = shown.find((other) => other.endsWith(` ${year}`))
  return firstOfYear === label ? `${month} ’${year.slice(2)}` : month
}
