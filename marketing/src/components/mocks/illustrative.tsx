import type { ReactNode } from 'react'

export const ILLUSTRATIVE_LABEL = 'Illustrative sample data'

/**
 * Wraps every mock screen (dashboards, popups, emails). Marketing mocks carry sample figures,
 * not real data, so each one says so visibly. Mock buttons inside are plain text, not controls.
 */
export function Illustrative({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="mock">
      <p className="mock-tag">{ILLUSTRATIVE_LABEL}</p>
      <div className="mock-body">{children}</div>
      <figcaption className="mock-caption">{caption}</figcaption>
    </figure>
  )
}

export function MockButton({
  children,
  variant = 'primary',
}: {
  children: ReactNode
  variant?: 'primary' | 'plain'
}) {
  return <span className={`mock-button mock-button-${variant}`}>{children}</span>
}
