import { ROUTES } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { EditorSave } from './use-editor-save'

function formatSavedAt(iso: string | null): string | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString()
}

export interface EditorHeaderProps {
  accountId: string
  version: number
  updatedAt: string | null
  dirty: boolean
  readOnly: boolean
  saver: EditorSave
  /** On a phone: the button that opens the preview sheet, first in the header's actions. */
  previewSheet: ReactNode
}

/** The editor's title, its version line (saved when, unsaved changes, history) and Discard / Save. */
export function EditorHeader({
  accountId,
  version,
  updatedAt,
  dirty,
  readOnly,
  saver,
  previewSheet,
}: EditorHeaderProps) {
  const savedAt = formatSavedAt(updatedAt)
  return (
    <header className="rk-editor__header">
      <div>
        <h1>Cancel flow editor</h1>
        <p className="rk-editor__version">
          Version {version}
          {savedAt ? ` · saved ${savedAt}` : ''}
          {dirty ? ' · unsaved changes' : ''}
          {' · '}
          <Link to={`${ROUTES.editor}history?account_id=${encodeURIComponent(accountId)}`}>
            Version history
          </Link>
        </p>
      </div>
      {readOnly && !previewSheet ? null : (
        <div className="rk-actions">
          {previewSheet}
          {readOnly ? null : (
            <>
              <button
                type="button"
                className="rk-button rk-button--secondary"
                disabled={!dirty || saver.saving}
                onClick={saver.discard}
              >
                Discard<span className="rk-editor__wide-only"> changes</span>
              </button>
              <button
                type="submit"
                form="editor-form"
                className="rk-button rk-button--primary"
                disabled={!dirty || saver.saving}
              >
                {saver.saving ? (
                  'Saving…'
                ) : (
                  <>
                    Save<span className="rk-editor__wide-only"> changes</span>
                  </>
                )}
              </button>
            </>
          )}
        </div>
      )}
    </header>
  )
}

/** What the editor says above its form: saving (to screen readers), read-only, a conflict, a refused rule. */
export function EditorNotices({ readOnly, saver }: { readOnly: boolean; saver: EditorSave }) {
  return (
    <>
      <div role="status" aria-live="polite" className="rk-visually-hidden">
        {saver.saving ? 'Saving changes' : ''}
      </div>
      {readOnly ? (
        <p className="rk-notice" role="note">
          You can view this flow but not change it: your role does not include editing. Ask an owner or admin
          of this account for editor access.
        </p>
      ) : null}
      {saver.conflict ? (
        <div className="rk-notice rk-notice--warning" role="alert">
          <p>
            Someone else saved a newer version of this flow while you were editing. Reload it to continue;
            your unsaved changes here will be lost.
          </p>
          <div className="rk-actions">
            <button
              type="button"
              className="rk-button rk-button--primary"
              onClick={() => void saver.reload()}
            >
              Reload latest version
            </button>
            <button type="button" className="rk-button rk-button--secondary" onClick={saver.keepEditing}>
              Keep editing
            </button>
          </div>
        </div>
      ) : null}
      {saver.ruleMessage ? (
        <p className="rk-notice rk-notice--warning" role="alert">
          {saver.ruleMessage}
        </p>
      ) : null}
    </>
  )
}
