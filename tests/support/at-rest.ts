import type { Page } from 'playwright-core'

/**
 * Waits until the page's SVG charts stop moving: every text and shape in them keeps its place, size
 * and opacity (to half a pixel, a hundredth of opacity) for `frames` animation frames in a row. nivo
 * draws a chart's bars, labels and ticks with spring transitions that start where the previous drawing
 * left them, so a measurement taken in the middle sees labels passing over each other; a fixed pause
 * before measuring was too short on a loaded machine (a dashboard's "Talk to us" tick was still on a
 * bar's "1" after 800 ms) and needlessly long on an idle one. A chart that never settles within
 * `timeoutMs` fails with what still moves.
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
        const step = () => {
          const now = snapshot()
          unchanged = now === last ? unchanged + 1 : 0
          last = now
          if (unchanged >= needed) return resolve(null)
          if (performance.now() - started > timeout) return resolve(`still moving after ${timeout} ms`)
          requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
    [frames, timeoutMs] as const,
  )
  if (still) throw new Error(`The charts did not come to rest: ${still}`)
}
