import { describe, expect, it } from 'vitest'
import type { Article } from '../content/types'
import { ARTICLE_ROUTE_NAMES } from '../pages/article-page'
import { articleFor, collectArticles, isArticle } from './article-content'

const article = (route: string): Article => ({
  route,
  title: `Title ${route}`,
  description: 'd',
  lead: 'l',
  updated: '2025-01-01',
  sections: [],
})

describe('article content', () => {
  it('collects articles exported directly and through an index record', () => {
    const found = collectArticles([
      { terms: article('terms'), helper: 42 },
      { LEGAL: { privacy: article('privacy'), cookies: article('cookies') } },
    ])
    expect([...found.keys()].sort()).toEqual(['cookies', 'privacy', 'terms'])
  })

  it('recognises the Article shape only', () => {
    expect(isArticle(article('dpa'))).toBe(true)
    expect(isArticle({ route: 'dpa', title: 't' })).toBe(false)
    expect(isArticle(null)).toBe(false)
  })

  it('has an article (written or pending) with a title for every guide and legal route', () => {
    for (const route of ARTICLE_ROUTE_NAMES) {
      const found = articleFor(route)
      expect(found.route).toBe(route)
      expect(found.title.length).toBeGreaterThan(0)
      expect(found.description.length).toBeGreaterThan(0)
    }
  })
})
