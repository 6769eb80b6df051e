import { type RefCallback, useCallback, useMemo, useState } from 'react'
import {
  type AxisFit,
  estimateTextWidth,
  fitCategoryAxis,
  type MeasureText,
  type Shorten,
  TICK_FONT_PX,
} from './axis-fit'

let context: CanvasRenderingContext2D | null | undefined

/** Text width as the browser draws the chart's tick font; an estimate where there is no canvas (tests). */
const measureText: MeasureText = (text) => {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d')
    } catch {
      context = null
    }
    if (context) context.font = `${TICK_FONT_PX}px ${getComputedStyle(document.body).fontFamily}`
  }
  return context ? context.measureText(text).width : estimateTextWidth(text)
}

/**
 * The chart box's width, followed as it changes (a phone turned, a card reflowed), and its category
 * axis fitted to it (axis-fit.ts). `horizontalMargins` is what the plot leaves on its left and right.
 * Before the first measurement the axis is fitted to a phone's width, so a first paint never overlaps.
 */
export function useFittedAxis(
  labels: readonly string[],
  horizontalMargins: number,
  shorten?: Shorten,
): { ref: RefCallback<HTMLDivElement>; axis: AxisFit } {
  const [width, setWidth] = useState(0)
  const ref = useCallback<RefCallback<HTMLDivElement>>((element) => {
    if (!element) return
    setWidth(element.getBoundingClientRect().width)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const plot = Math.max(0, (width > 0 ? width : 320) - horizontalMargins)
  const key = labels.join('|')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' content is the key
  const axis = useMemo(
    () => fitCategoryAxis(labels, plot, { shorten, measure: measureText }),
    [key, plot, shorten],
  )
  return { ref, axis }
}
