import { isRouteName, ROUTES } from '@retainkit/shared/routes'
import { describe, expect, it } from 'vitest'
import { GUIDES } from './guides'
import { LEGAL_PAGES } from './legal'
import type { Article, ContentBlock } from './types'

const MIN_GUIDE_WORDS = 1200
const MIN_LEGAL_WORDS = 600
const LATEST_REVISION = '2026-11-21'

/** The prose of a block: what a reader reads (table cells and captions included, structure excluded). */
function blockTexts(block: ContentBlock): string[] {
  switch (block.type) {
    case 'p':
      return [block.text]
    case 'ul':
    case 'ol':
      return block.items
    case 'callout':
      return block.title ? [block.title, block.text] : [block.text]
    case 'table':
      return [...(block.caption ? [block.caption] : []), ...block.head, ...block.rows.flat()]
    case 'quote':
      return block.cite ? [block.text, block.cite] : [block.text]
  }
}

function allBlocks(article: Article): ContentBlock[] {
  return article.sections.flatMap((section) => [
    ...section.blocks,
    ...(section.subsections ?? []).flatMap((sub) => sub.blocks),
  ])
}

/** Lead plus every block text: the body the word-count rule is about. */
function bodyTexts(article: Article): string[] {
  return [article.lead, ...allBlocks(article).flatMap(blockTexts)]
}

function headings(article: Article): string[] {
  return article.sections.flatMap((section) => [
    section.heading,
    ...(section.subsections ?? []).map((sub) => sub.heading),
  ])
}

/** Every string a reader can see, including title, description and headings. */
function everyText(article: Article): string[] {
  return [article.title, article.description, ...headings(article), ...bodyTexts(article)]
}

const LINK = /\[([^\]]*)\]\(([^)]*)\)/g

/** Drops inline markup: links become their labels, emphasis markers disappear. */
function plain(text: string): string {
  return text.replace(LINK, '$1').replace(/\*+/g, '')
}

function countWords(texts: string[]): number {
  return texts
    .map(plain)
    .join(' ')
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length
}

function links(article: Article): { label: string; target: string }[] {
  return everyText(article).flatMap((text) =>
    [...text.matchAll(LINK)].map((match) => ({ label: match[1] ?? '', target: match[2] ?? '' })),
  )
}

/** Route ids the renderer derives from headings: lower-case words joined by hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
}

const PLACEHOLDERS: [string, RegExp][] = [
  ['lorem', /lorem/i],
  ['TODO', /\btodo\b/i],
  ['TBD', /\btbd\b/i],
  ['FIXME', /\bfixme\b/i],
  ['[insert', /\[insert/i],
  ['XXX', /\bxxx\b/i],
]

const guides = Object.entries(GUIDES)
const legalPages = Object.entries(LEGAL_PAGES)
const everyArticle = [...guides, ...legalPages]

describe('content collections', () => {
  it('hold exactly the three guides and five legal pages, keyed by their route', () => {
    expect(Object.keys(GUIDES).sort()).toEqual(
      ['cancelFlowsThatConvert', 'increaseLtvRetention', 'reduceSubscriberChurn'].sort(),
    )
    expect(Object.keys(LEGAL_PAGES).sort()).toEqual(
      ['cookies', 'dpa', 'privacy', 'subprocessors', 'terms'].sort(),
    )
    for (const [key, article] of everyArticle) {
      expect(article.route, key).toBe(key)
      expect(isRouteName(article.route), key).toBe(true)
    }
  })
})

describe.each(guides)('guide %s', (_key, article) => {
  it(`has at least ${MIN_GUIDE_WORDS} words of body text`, () => {
    expect(countWords(bodyTexts(article))).toBeGreaterThanOrEqual(MIN_GUIDE_WORDS)
  })

  it('links to the ROI calculator and to pricing', () => {
    const targets = links(article).map((link) => link.target)
    expect(targets).toContain('routes.roiCalculator')
    expect(targets).toContain('routes.pricing')
  })
})

describe.each(legalPages)('legal page %s', (_key, article) => {
  it(`has at least ${MIN_LEGAL_WORDS} words of body text`, () => {
    expect(countWords(bodyTexts(article))).toBeGreaterThanOrEqual(MIN_LEGAL_WORDS)
  })

  it('states its effective date and carries the latest revision date', () => {
    expect(article.lead).toContain('Effective 1 January 2025')
    expect(article.updated).toBe(LATEST_REVISION)
  })
})

describe.each(everyArticle)('article %s', (_key, article) => {
  it('has a meta description of 120–160 characters', () => {
    expect(article.description.length).toBeGreaterThanOrEqual(120)
    expect(article.description.length).toBeLessThanOrEqual(160)
  })

  it('has a title, a lead and a valid ISO revision date no later than the latest revision', () => {
    expect(article.title.trim()).not.toBe('')
    expect(article.lead.trim()).not.toBe('')
    expect(article.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(new Date(`${article.updated}T00:00:00Z`).toISOString().slice(0, 10)).toBe(article.updated)
    expect(article.updated <= LATEST_REVISION).toBe(true)
  })

  it('links only to existing routes, https or mailto targets', () => {
    for (const { label, target } of links(article)) {
      expect(label.trim(), target).not.toBe('')
      const route = /^routes\.(.+)$/.exec(target)
      if (route) expect(Object.keys(ROUTES), target).toContain(route[1])
      else expect(target).toMatch(/^(https:\/\/|mailto:)\S+$/)
    }
  })

  it('names only existing routes wherever a routes.name token appears', () => {
    for (const text of everyText(article)) {
      for (const match of text.matchAll(/\broutes\.([A-Za-z0-9_]+)/g)) {
        expect(isRouteName(match[1] ?? ''), match[0]).toBe(true)
      }
    }
  })

  it('has no empty section, subsection, block or table row', () => {
    expect(article.sections.length).toBeGreaterThan(0)
    for (const section of article.sections) {
      expect(section.heading.trim()).not.toBe('')
      const subsections = section.subsections ?? []
      expect(section.blocks.length + subsections.length, section.heading).toBeGreaterThan(0)
      for (const sub of subsections) {
        expect(sub.heading.trim()).not.toBe('')
        expect(sub.blocks.length, sub.heading).toBeGreaterThan(0)
      }
    }
    for (const block of allBlocks(article)) {
      const texts = blockTexts(block)
      expect(texts.length).toBeGreaterThan(0)
      if (block.type === 'table') {
        expect(block.rows.length).toBeGreaterThan(0)
        for (const row of block.rows) expect(row).toHaveLength(block.head.length)
      } else {
        for (const text of texts) expect(text.trim()).not.toBe('')
      }
    }
  })

  it('has headings that are unique within the article', () => {
    const slugs = headings(article).map(slug)
    expect(new Set(slugs).size).toBe(slugs.length)
  })

  it('contains no placeholder markers', () => {
    for (const text of everyText(article)) {
      for (const [name, pattern] of PLACEHOLDERS) {
        expect(pattern.test(text), `${name} in: ${text.slice(0, 80)}`).toBe(false)
      }
    }
  })

  it('balances its bold markers', () => {
    for (const text of everyText(article)) {
      expect((text.match(/\*\*/g) ?? []).length % 2, text.slice(0, 80)).toBe(0)
    }
  })
})
