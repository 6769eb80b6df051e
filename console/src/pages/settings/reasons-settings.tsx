import { ROUTES } from '@retainkit/shared/routes'
import { type ComponentType, lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { accountHref } from '../../components/app-link'
import { Spinner } from '../../components/spinner'
import { useCapability } from '../../session/session-store'

interface ReasonsEditorProps {
  accountId: string
  readOnly?: boolean
}

/**
 * The reasons editor belongs to the editor's feature folder; found with a glob so settings builds and
 * links to the editor instead while that module does not exist.
 */
const reasonsEditorModules = import.meta.glob<{ ReasonsEditor: ComponentType<ReasonsEditorProps> }>(
  '../../features/reasons/reasons-editor.tsx',
)
const loadReasonsEditor = Object.values(reasonsEditorModules)[0]
const LazyReasonsEditor = loadReasonsEditor
  ? lazy(async () => ({ default: (await loadReasonsEditor()).ReasonsEditor }))
  : null

/** The cancellation reasons subscribers pick from, edited in place (or in the editor). */
export function ReasonsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  if (!LazyReasonsEditor) {
    return (
      <p>
        Edit your cancellation reasons in the <Link to={accountHref('editor', accountId)}>editor</Link>.
      </p>
    )
  }
  return (
    <div className="rk-settings__stack">
      <p className="rk-form__help">
        The reasons subscribers choose from when they cancel, in display order. They also shape your{' '}
        <Link to={accountHref('dashboard', accountId)}>dashboard</Link>; the{' '}
        <Link to={accountHref('editor', accountId)}>editor</Link> shows them in the live preview.
        {canEdit ? null : ' Your role can view them but not change them.'}
      </p>
      <Suspense fallback={<Spinner label="Loading reasons..." />}>
        <LazyReasonsEditor accountId={accountId} readOnly={!canEdit} />
      </Suspense>
      <p className="rk-muted">
        Looking for the flow copy and offers? They are in the <Link to={ROUTES.editor}>editor</Link>.
      </p>
    </div>
  )
}
