import { cleanup, render, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { Article } from '../../content/types'
import { ArticleView, formatUpdated, sectionIds } from './article-view'
import { headingId, renderInline, resolveContentHref } from './inline-markup'

afterEach(cleanup)

/** A small article in the content format, so the renderer is tested apart from the real copy. */
const FIXTURE: Article = {
  route: 'reduceSubscriberChurn',
  title: 'Fixture Guide',
  description:
    'A fixture article used to test the renderer, long enough to stand in for a real meta description.',
  lead: 'A lead with **bold** and a [link to pricing](routes.pricing).',
  updated: '2025-03-07',
  sections: [
    {
      heading: 'Why churn happens',
      blocks: [
        { type: 'p', text: 'Some *italic* text and an [outside source](https://example.org/report).' },
        { type: 'ul', items: ['First **point**', 'Second point'] },
        { type: 'callout', title: 'Tip', text: 'Ask one question.' },
      ],
      subsections: [
        { heading: 'Voluntary churn', blocks: [{ type: 'ol', items: ['Step one', 'Step two'] }] },
      ],
    },
    {
      heading: 'Measuring it',
      blocks: [
        { type: 'table', caption: 'Benchmarks', head: ['Metric', 'Value'], rows: [['Save rate', '10-30%']] },
        { type: 'quote', text: 'Retention is a habit.', cite: 'A merchant' },
      ],
    },
  ],
}

function renderMarkup(text: string) {
  return render(<p data-testid="markup">{renderInline(text)}</p>)
}

describe('inline markup', () => {
  it('renders **bold**, *italic* and nested markup inside a link label', () => {
    renderMarkup('Plain **strong** and *soft* then [**bold label**](routes.contact).')
    const markup = screen.getByTestId('markup')
    expect(markup.querySelector('strong')?.textContent).toBe('strong')
    expect(markup.querySelector('em')?.textContent).toBe('soft')
    const link = within(markup).getByRole('link', { name: 'bold label' })
    expect(link.getAttribute('href')).toBe('/contact/')
    expect(link.querySelector('strong')).not.toBeNull()
    expect(markup.textContent).toBe('Plain strong and soft then bold label.')
  })

  it('resolves routes.name placeholders and keeps https and mailto links', () => {
    expect(resolveContentHref('routes.pricing')).toBe('/pricing/')
    expect(resolveContentHref('routes.pricing#faq')).toBe('/pricing/#faq')
    expect(resolveContentHref('https://stripe.com/docs')).toBe('https://stripe.com/docs')
    expect(resolveContentHref('mailto:hello@retainkit.com')).toBe('mailto:hello@retainkit.com')
  })

  it('refuses unsafe targets and renders their label as text', () => {
    expect(resolveContentHref('javascript:alert(1)')).toBeNull()
    expect(resolveContentHref('//evil.example/x')).toBeNull()
    renderMarkup('Click [here](javascript:alert(1)) now')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('marks external links noopener', () => {
    renderMarkup('[report](https://example.org/r)')
    expect(screen.getByRole('link', { name: 'report' }).getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('makes stable, unique heading ids', () => {
    expect(headingId('What **is** churn?')).toBe('what-is-churn')
    expect(
      sectionIds([
        { heading: 'A b', blocks: [] },
        { heading: 'A  b', blocks: [] },
      ]),
    ).toEqual(['a-b', 'a-b-2'])
  })
})

describe('ArticleView', () => {
  it('renders the title as the only h1, the lead, the updated date and every block type', () => {
    render(<ArticleView article={FIXTURE} eyebrow="Guide" />)
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Fixture Guide'])
    expect(screen.getByRole('link', { name: 'link to pricing' }).getAttribute('href')).toBe('/pricing/')
    const time = document.querySelector('time')
    expect(time?.getAttribute('datetime')).toBe('2025-03-07')
    expect(time?.textContent).toBe('March 7, 2025')
    expect(screen.getByRole('heading', { level: 3, name: 'Voluntary churn' })).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Benchmarks' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Metric' })).toBeTruthy()
    expect(document.querySelector('blockquote cite')?.textContent).toBe('A merchant')
    expect(document.querySelector('.callout-title')?.textContent).toBe('Tip')
  })

  it('builds a table of contents that links to each section heading', () => {
    render(<ArticleView article={FIXTURE} eyebrow="Guide" />)
    const toc = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Why churn happens', 'Measuring it'])
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1))
      expect(target?.tagName).toBe('H2')
    }
  })

  it('formats dates in UTC so the day never shifts', () => {
    expect(formatUpdated('2025-01-01')).toBe('January 1, 2025')
    expect(formatUpdated('not a date')).toBe('not a date')
  })
})
