import type { Article, ContentBlock, ContentSection } from '../../content/types'
import { headingId, renderInline } from './inline-markup'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export function formatUpdated(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'p':
      return <p>{renderInline(block.text)}</p>
    case 'ul':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{renderInline(item)}</li>
          ))}
        </ul>
      )
    case 'ol':
      return (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{renderInline(item)}</li>
          ))}
        </ol>
      )
    case 'callout':
      return (
        <aside className="callout">
          {block.title ? <p className="callout-title">{renderInline(block.title)}</p> : null}
          <p>{renderInline(block.text)}</p>
        </aside>
      )
    case 'table':
      return (
        <div className="table-scroll">
          <table>
            {block.caption ? <caption>{renderInline(block.caption)}</caption> : null}
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col">
                    {renderInline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static rows that never reorder
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static cells that never reorder
                    <td key={cellIndex}>{renderInline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'quote':
      return (
        <blockquote>
          <p>{renderInline(block.text)}</p>
          {block.cite ? <cite>{renderInline(block.cite)}</cite> : null}
        </blockquote>
      )
  }
}

function Blocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static content in document order
        <Block key={index} block={block} />
      ))}
    </>
  )
}

/** Section ids, made unique when two headings slug to the same text. */
export function sectionIds(sections: readonly ContentSection[]): string[] {
  const seen = new Map<string, number>()
  return sections.map((section) => {
    const base = headingId(section.heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count + 1}`
  })
}

/** A long-form page: h1, lead, updated date, table of contents and the sections. */
export function ArticleView({ article, eyebrow }: { article: Article; eyebrow: string }) {
  const ids = sectionIds(article.sections)
  return (
    <article className="article">
      <header className="article-header">
        <div className="container container-narrow">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="page-title">{article.title}</h1>
          <p className="lead">{renderInline(article.lead)}</p>
          <p className="article-meta">
            Last updated <time dateTime={article.updated}>{formatUpdated(article.updated)}</time>
          </p>
        </div>
      </header>
      <div className="container article-layout">
        {article.sections.length > 0 ? (
          <nav className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="toc-title">
              On this page
            </h2>
            <ol>
              {article.sections.map((section, index) => (
                <li key={ids[index]}>
                  <a href={`#${ids[index]}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="prose">
          {article.sections.map((section, index) => (
            <section key={ids[index]} aria-labelledby={ids[index]}>
              <h2 id={ids[index]}>{section.heading}</h2>
              <Blocks blocks={section.blocks} />
              {section.subsections?.map((sub) => (
                <section key={sub.heading} aria-labelledby={`${ids[index]}-${headingId(sub.heading)}`}>
                  <h3 id={`${ids[index]}-${headingId(sub.heading)}`}>{sub.heading}</h3>
                  <Blocks blocks={sub.blocks} />
                </section>
              ))}
            </section>
          ))}
        </div>
      </div>
    </article>
  )
}
