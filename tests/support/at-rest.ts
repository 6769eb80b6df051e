import type { Page } from 'playwright-core'
import { overlappingText } from './text-overlap'

/**
 * Waits until the page's SVG charts stop moving: every text and shape in them keeps its place, size
 * and opacity (to half a pixel, a hundredth of opacity) for `frames` animation frames in a row. nivo
 * draws a chart's bars, labels and ticks with spring transitions that start where the previous drawing
 * left them, so a measurement taken in the middle sees labels passing over each other; a fixed pause
 * before measuring was too short on a loaded machine (a dashboard's "Talk to us" tick was still on a
 * bar's "1" after 800 ms) and needlessly long on an idle one. Nor is a page at rest while a part of it
 * is still loading (aria-busy): its chart is still to be drawn. A chart that never settles within
 * `timeoutMs` fails with what still moves or loads.
 */
export async function chartsAtRest(page: Page, { frames = 8, timeoutMs = 15_000 } = {}): Promise<void> {
  const still = await page.evaluate(
    ([needed, timeout]) =>
      new Promise<string | null>((resolve) => {
        const snapshot = () => {
          const parts: string[] = []
          for (const element of document.querySelectorAll('svg text, svg rect, svg path, svg line, svg g')) {
            const box = element.getBoundingClientRect()
            const opacity = getComputedStyle(element).opacity
            parts.push(
              `${Math.round(box.x * 2)},${Math.round(box.y * 2)},${Math.round(box.width * 2)},${Math.round(
                box.height * 2,
              )},${Math.round(Number(opacity) * 100)}`,
            )
          }
          return parts.join(';')
        }
        const started = performance.now()
        let last = snapshot()
        let unchanged = 0
        // A card still loading (aria-busy, chart-card.tsx) has its chart still to come, and to move.
        const loading = () => document.querySelectorAll('[aria-busy="true"]').length
        const step = () => {
          const now = snapshot()
          unchanged = now === last && loading() === 0 ? unchanged + 1 : 0
          last = now
          if (unchanged >= needed) return resolve(null)
          if (performance.now() - started > timeout)
            return resolve(
              loading() > 0
                ? `${loading()} part(s) still loading after ${timeout} ms`
                : `still moving after ${timeout} ms`,
            )
          requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
    [frames, timeoutMs] as const,
  )
  if (still) throw new Error(`The charts did not come to rest: ${still}`)
}

/**
 * Text on text, measured with the charts at rest (overlappingText, text-overlap.ts), measured again
 * at rest if anything overlapped. A fresh-clone CI caught the dashboard's save-offer chart drawing in
 * (a bar's "1" passing over the "Talk to us" tick) after the page had been judged at rest: its card
 * was still loading then, which chartsAtRest now waits for too; should anything else start a chart
 * moving, a second look at rest tells. A real overlap is still there at rest, on every try, and fails.
 */
export async function overlappingTextAtRest(page: Page, tries = 3): Promise<string[]> {
  let found: string[] = []
  for (let attempt = 0; attempt < tries; attempt += 1) {
    await chartsAtRest(page)
    found = await overlappingText(page)
    if (found.length === 0) return found
  }
  return found
}
