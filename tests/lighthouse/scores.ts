import type { Result } from 'lighthouse'

/** Issue 6's targets, in Lighthouse's 0–100 scale. */
export const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const

export type Category = keyof typeof TARGETS
export const CATEGORIES = Object.keys(TARGETS) as Category[]

export type Scores = Record<Category, number>

/** One run's category scores (0–100); a category Lighthouse could not score counts as 0. */
export function scoresOf(lhr: Result): Scores {
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  return Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Scores
}

/**
 * The median of each category over several runs: performance moves by a few points between runs on a
 * busy 2-core machine, and one slow run should neither pass nor fail the site on its own.
 */
export function medianScores(runs: readonly Scores[]): Scores {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  }
  return Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runs.map((run) => run[category]))]),
  ) as Scores
}

/** "pricing: accessibility 96 < 100" for every score under its target. */
export function shortfalls(page: string, scores: Scores): string[] {
  return CATEGORIES.filter((category) => scores[category] < TARGETS[category]).map(
    (category) => `${page}: ${category} ${scores[category]} < ${TARGETS[category]}`,
  )
}

/** The audits that cost points in a run (scored, below 1), to say what to fix next. */
export function failingAudits(lhr: Result): string[] {
  const lines: string[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue
      const value = audit.displayValue ? ` (${audit.displayValue})` : ''
      lines.push(`${category}/${ref.id}: ${audit.score}${value} ${audit.title}`)
    }
  }
  return lines
}

/** A fixed-width table: one row per page, one column per category, the targets in the last row. */
export function scoreTable(rows: ReadonlyArray<{ page: string; scores: Scores }>): string {
  const headers = ['page', 'performance', 'accessibility', 'best practices', 'SEO']
  const body = rows.map(({ page, scores }) => [
    page,
    ...CATEGORIES.map((category) => String(scores[category])),
  ])
  const target = ['target', ...CATEGORIES.map((category) => `≥ ${TARGETS[category]}`)]
  const widths = headers.map((_, column) =>
    Math.max(...[headers, ...body, target].map((row) => (row[column] ?? '').length)),
  )
  // Page names to the left, figures to the right.
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(headers), rule, ...body.map(line), rule, line(target)].join('\n')
}
