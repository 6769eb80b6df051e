import type { Page } from 'playwright-core'

/**
 * Where a chart's own labels collide: every `<text>` of every chart's SVG (axis ticks, axis legends,
 * value labels) as the box the glyphs really cover — its bounding box in its own coordinates, turned
 * and moved to the screen by its transform, so a slanted tick is a slanted box, not the big upright
 * rectangle around it — then every pair of boxes in one chart that intersect by more than `tolerancePx`
 * (separating-axis test on the two quadrilaterals, each shrunk by the tolerance). Returns readable
 * pairs ("chart 3: 'Plan switch' ⟷ 'Reactivation'"); empty when no two labels touch.
 */
export async function overlappingChartLabels(page: Page, selector = '.rk-chart svg', tolerancePx = 1) {
  return page.evaluate(
    ({ selector, tolerance }) => {
      type Point = { x: number; y: number }
      const quadOf = (text: SVGTextElement): Point[] | null => {
        const box = text.getBBox()
        const matrix = text.getScreenCTM()
        if (!matrix || box.width < 1 || box.height < 1) return null
        const t = tolerance
        const corners = [
          { x: box.x + t, y: box.y + t },
          { x: box.x + box.width - t, y: box.y + t },
          { x: box.x + box.width - t, y: box.y + box.height - t },
          { x: box.x + t, y: box.y + box.height - t },
        ]
        return corners.map((corner) => new DOMPoint(corner.x, corner.y).matrixTransform(matrix))
      }
      const separated = (a: Point[], b: Point[]) => {
        for (const shape of [a, b]) {
          for (let index = 0; index < shape.length; index += 1) {
            const p = shape[index] as Point
            const q = shape[(index + 1) % shape.length] as Point
            const normal = { x: q.y - p.y, y: p.x - q.x }
            const project = (points: Point[]) =>
              points.map((point) => point.x * normal.x + point.y * normal.y)
            const [pa, pb] = [project(a), project(b)]
            if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return true
          }
        }
        return false
      }
      const visible = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        Number(getComputedStyle(element).opacity) > 0
      const problems: string[] = []
      document.querySelectorAll<SVGSVGElement>(selector).forEach((svg, chart) => {
        const labels = [...svg.querySelectorAll<SVGTextElement>('text')]
          .filter((text) => (text.textContent ?? '').trim() !== '' && visible(text))
          .map((text) => ({ text: (text.textContent ?? '').trim().slice(0, 30), quad: quadOf(text) }))
          .filter((label): label is { text: string; quad: Point[] } => label.quad !== null)
        for (let a = 0; a < labels.length; a += 1)
          for (let b = a + 1; b < labels.length; b += 1) {
            const [first, second] = [labels[a], labels[b]] as [(typeof labels)[0], (typeof labels)[0]]
            if (!separated(first.quad, second.quad))
              problems.push(
                `chart ${chart + 1} (${svg.getAttribute('aria-label')?.slice(0, 30) ?? ''}): '${first.text}' ⟷ '${second.text}'`,
              )
          }
      })
      return problems
    },
    { selector, tolerance: tolerancePx },
  )
}

/** How many chart SVGs the page shows (so a test can say it measured every one). */
export const chartCount = (page: Page, selector = '.rk-chart svg') => page.locator(selector).count()
