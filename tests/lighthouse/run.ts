/**
 * Lighthouse (mobile profile, Debian's headless Chromium) on the marketing site as the REAL server
 * serves it: startProduct() runs the product in process, so compression, caching headers and the
 * public-URL rewrite are the ones operators get.
 *
 *   npx tsx tests/lighthouse/run.ts [--runs 3] [--assert] [--save]
 *
 * Prints performance, accessibility, best practices and SEO per page, each the median of `--runs`
 * runs. `--assert` exits 1 when a median is under its target (issue 6: 95 / 100 / 95 / 100) and lists
 * the audits that cost the points; `--save` writes each run's JSON report to tests/artifacts/lighthouse/.
 * A script and not a test: a run takes minutes and its timings depend on the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureMarketingBuilt } from '@retainkit/marketing/ensure-built'
import { ROUTES } from '@retainkit/shared/routes'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startProduct } from '../support/product'
import {
  CATEGORIES,
  failingAudits,
  medianScores,
  type Scores,
  scoresOf,
  scoreTable,
  shortfalls,
} from './scores'

const PAGES = [
  { name: 'home', path: ROUTES.home },
  { name: 'pricing', path: ROUTES.pricing },
  { name: 'cancel flow builder', path: ROUTES.cancelFlowBuilder },
  { name: 'terms', path: ROUTES.terms },
]

const ARTIFACTS = fileURLToPath(new URL('../artifacts/lighthouse/', import.meta.url))

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index >= 0 ? process.argv[index + 1] : undefined
}

const runs = Number(option('--runs') ?? 3)
const assert = process.argv.includes('--assert')
const save = process.argv.includes('--save')
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer')

ensureMarketingBuilt()
const product = await startProduct({ seed: false })
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking'],
})
if (save) mkdirSync(ARTIFACTS, { recursive: true })

const rows: { page: string; scores: Scores }[] = []
const problems: string[] = []
try {
  for (const page of PAGES) {
    const url = `${product.url}${page.path}`
    const pageRuns: Scores[] = []
    const audits = new Set<string>()
    for (let run = 1; run <= runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const { lhr } = result
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      pageRuns.push(scoresOf(lhr))
      for (const audit of failingAudits(lhr)) audits.add(audit)
      if (save) {
        const file = `${ARTIFACTS}${page.name.replaceAll(' ', '-')}-${run}.json`
        writeFileSync(file, JSON.stringify(lhr, null, 2))
      }
      process.stderr.write(`${page.name} run ${run}: ${JSON.stringify(pageRuns.at(-1))}\n`)
    }
    const scores = medianScores(pageRuns)
    rows.push({ page: page.name, scores })
    const missed = shortfalls(page.name, scores)
    if (missed.length > 0) problems.push(...missed, ...[...audits].map((audit) => `  ${audit}`))
  }
} finally {
  chrome.kill()
  await product.stop()
}

console.log(`\nLighthouse ${runs > 1 ? `medians of ${runs} runs` : '1 run'}, mobile, ${product.url}\n`)
console.log(scoreTable(rows))
if (problems.length > 0) {
  console.log(`\nUnder target:\n${problems.join('\n')}`)
  if (assert) process.exit(1)
} else {
  console.log('\nEvery page meets every target.')
}
