import type { Page } from 'playwright-core'

/**
 * Where rendered text collides: every visible text run of the page (each line box of each text node,
 * SVG chart labels included) as a rectangle cut to what its scrolling or clipping ancestors show, then
 * every pair of runs from different nodes whose rectangles overlap by more than a couple of pixels
 * both ways. Returns readable pairs ("'Too expensive' ⟷ '40%'"); an empty list means no text sits on
 * other text. Text in shadow roots (the widget preview) is left to the widget's own suites. Slanted SVG
 * text (a chart's turned axis labels) is left out: its upright rectangle is far bigger than its glyphs,
 * and axis-overlap.ts measures those labels exactly, as turned boxes.
 */
export async function overlappingText(page: Page, tolerancePx = 2, scope?: string): Promise<string[]> {
  // `scope`: a selector whose text alone is measured (an open modal sheet covers the page behind it).
  return page.evaluate(
    ([tolerance, within]) => {
      interface Box {
        node: number
        text: string
        left: number
        top: number
        right: number
        bottom: number
      }
      const boxes: Box[] = []
      const clip = (element: Element | null, box: Omit<Box, 'node' | 'text'>) => {
        const result = { ...box }
        for (
          let current = element;
          current && current !== document.documentElement;
          current = current.parentElement
        ) {
          const style = getComputedStyle(current)
          const clips =
            style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none'
          if (!clips) continue
          const rect = current.getBoundingClientRect()
          result.left = Math.max(result.left, rect.left)
          result.top = Math.max(result.top, rect.top)
          result.right = Math.min(result.right, rect.right)
          result.bottom = Math.min(result.bottom, rect.bottom)
        }
        return result
      }
      const visible = (element: Element) => {
        // Not rendered at all: display none, or skipped content such as a closed <details>' body.
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false
        for (let current: Element | null = element; current; current = current.parentElement) {
          const style = getComputedStyle(current)
          if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
            return false
          // The visually hidden pattern: a 1 px clipped box meant for screen readers only.
          if (
            style.position === 'absolute' &&
            style.clip !== 'auto' &&
            current.getBoundingClientRect().width <= 1
          )
            return false
        }
        return true
      }
      const root = (within ? document.querySelector(within) : null) ?? document.body
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      let index = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        index += 1
        const text = node.textContent?.trim() ?? ''
        const parent = node.parentElement
        if (!text || !parent || !visible(parent)) continue
        if (parent.closest('script, style, noscript, option, title')) continue
        const inSvg = parent instanceof SVGElement
        if (inSvg && parent instanceof SVGGraphicsElement) {
          const matrix = parent.getScreenCTM()
          if (matrix && (Math.abs(matrix.b) > 1e-6 || Math.abs(matrix.c) > 1e-6)) continue
        }
        const rects = inSvg
          ? [parent.getBoundingClientRect()]
          : [
              ...(() => {
                const range = document.createRange()
                range.selectNodeContents(node)
                return range.getClientRects()
              })(),
            ]
        for (const rect of rects) {
          if (rect.width < 1 || rect.height < 1) continue
          const box = clip(parent, { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom })
          if (box.right - box.left < 1 || box.bottom - box.top < 1) continue
          boxes.push({ node: index, text: text.slice(0, 40), ...box })
        }
      }
      const problems: string[] = []
      for (let a = 0; a < boxes.length; a += 1) {
        for (let b = a + 1; b < boxes.length; b += 1) {
          const first = boxes[a] as Box
          const second = boxes[b] as Box
          if (first.node === second.node) continue
          const width = Math.min(first.right, second.right) - Math.max(first.left, second.left)
          const height = Math.min(first.bottom, second.bottom) - Math.max(first.top, second.top)
          if (width > tolerance && height > tolerance) {
            problems.push(
              `'${first.text}' ⟷ '${second.text}' (${Math.round(width)}×${Math.round(height)} px)`,
            )
          }
        }
      }
      return problems
    },
    [tolerancePx, scope ?? null] as const,
  )
}
