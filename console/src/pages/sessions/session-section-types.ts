import type { ComponentType } from 'react'
import type { SessionDetail } from './session-words'

/**
 * What a section of a session's page is: a heading and a component over the session (apart from
 * SESSION_SECTIONS, so a section in a file of its own imports these without importing the list).
 */
export interface SessionSectionProps {
  session: SessionDetail
  accountId: string
  reasonLabel: (key: string) => string
}

export interface SessionSection {
  /** Also the section's anchor: /sessions/<id>#<id>. */
  id: string
  title: string
  Component: ComponentType<SessionSectionProps>
}
