import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/**
 * axe-core over the whole page (open shadow roots included), reporting the serious and critical
 * violations. Entry animations are allowed to finish first — in the document and in every open shadow
 * root — because axe measures colour contrast on what is painted, and a fading-in element is briefly
 * lighter than it will ever be at rest.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await allAxeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Every axe-core violation, minor and moderate ones included. */
export async function allAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT })
  const violations = await page.evaluate(async () => {
    const roots: (Document | ShadowRoot)[] = [document]
    for (const element of document.querySelectorAll('*'))
      if (element.shadowRoot) roots.push(element.shadowRoot)
    const animations = roots.flatMap((root) => root.getAnimations())
    await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)))
    const axe = (
      window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }
    ).axe
    return (await axe.run(document)).violations
  })
  return violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    nodes: nodes.map((n) => ({ target: n.target })),
  }))
}

/** The same, as `id: target` lines, for a readable failure message (`all`: every impact). */
export async function axeProblems(page: Page, { all = false }: { all?: boolean } = {}): Promise<string[]> {
  const violations = all ? await allAxeViolations(page) : await seriousAxeViolations(page)
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}
