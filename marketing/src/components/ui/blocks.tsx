import type { ReactNode } from 'react'

export interface LinkAction {
  label: string
  href: string
}

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse'

export function ButtonLink({
  href,
  variant = 'primary',
  children,
}: {
  href: string
  variant?: ButtonVariant
  children: ReactNode
}) {
  return (
    <a className={`button button-${variant}`} href={href}>
      {children}
    </a>
  )
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

interface HeroProps {
  eyebrow?: ReactNode
  title: string
  lead: ReactNode
  actions?: ReactNode
  visual?: ReactNode
}

/** The page's h1 with its lead paragraph and calls to action; an optional illustration beside it. */
export function Hero({ eyebrow, title, lead, actions, visual }: HeroProps) {
  return (
    <section className={`hero${visual ? ' hero-split' : ''}`} aria-labelledby="page-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 id="page-title">{title}</h1>
          <p className="lead">{lead}</p>
          {actions ? <div className="actions">{actions}</div> : null}
        </div>
        {visual ? <div className="hero-visual">{visual}</div> : null}
      </div>
    </section>
  )
}

interface SectionProps {
  title: string
  intro?: ReactNode
  id?: string
  tone?: 'plain' | 'tint' | 'dark'
  children: ReactNode
}

/** A titled page section; the h2 labels the region for screen-reader navigation. */
export function Section({ title, intro, id, tone = 'plain', children }: SectionProps) {
  const headingId = `${id ?? slug(title)}-title`
  return (
    <section id={id} className={`section section-${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
        {intro ? <p className="section-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  )
}

export interface TitledText {
  title: string
  text: ReactNode
}

export function Steps({ steps }: { steps: readonly TitledText[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  )
}

export function FeatureGrid({ features }: { features: readonly TitledText[] }) {
  return (
    <ul className="feature-grid">
      {features.map((feature) => (
        <li key={feature.title} className="feature">
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </li>
      ))}
    </ul>
  )
}

export interface Card extends TitledText {
  href: string
  cta: string
  badge?: string
}

export function CardGrid({ cards }: { cards: readonly Card[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.href} className="card">
          <h3>
            {card.title}
            {card.badge ? <span className="badge badge-soon">{card.badge}</span> : null}
          </h3>
          <p>{card.text}</p>
          <a className="card-link" href={card.href}>
            {card.cta}
            <span className="visually-hidden">: {card.title}</span>
            <span aria-hidden="true"> →</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

export interface FaqItem {
  question: string
  answer: ReactNode
}

/** Native disclosure widgets: they open and close without any JavaScript. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <div className="faq-answer">{item.answer}</div>
        </details>
      ))}
    </div>
  )
}

export interface Stat {
  value: string
  label: string
}

export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="stat-grid">
      {stats.map((stat) => (
        <div key={stat.label} className="stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  )
}

interface CtaBandProps {
  title: string
  text: ReactNode
  primary: LinkAction
  secondary?: LinkAction
}

/** The closing call to action of a page. */
export function CtaBand({ title, text, primary, secondary }: CtaBandProps) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container">
        <h2 id="cta-title">{title}</h2>
        <p>{text}</p>
        <div className="actions">
          <ButtonLink href={primary.href} variant="inverse">
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <a className="button button-outline-inverse" href={secondary.href}>
              {secondary.label}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  )
}

export function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="check-list">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy that never reorders
        <li key={index}>{item}</li>
      ))}
    </ul>
  )
}
