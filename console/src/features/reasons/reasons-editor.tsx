import type { FieldWarning } from '@retainkit/shared/api'
import type { CancellationReason } from '@retainkit/shared/config-types'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { getReasons, saveReasons } from '../../lib/api'
import type { ApiError } from '../../lib/api-client'
import { userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { type FieldErrors, serverFieldErrors } from '../validation/field-errors'
import { ReasonsForm } from './reasons-form'
import { type DraftReason, fromDraft, toDraft, validateReasons } from './reasons-model'

export interface ReasonsEditorProps {
  accountId: string
  /** Without canEditConfig: the list shows, disabled, with nothing to save. */
  readOnly?: boolean
  /** The current (unsaved) list on every change, e.g. for the editor's live preview. */
  onReasonsChange?: (reasons: CancellationReason[]) => void
  /** Whether there are unsaved reason edits, for the editor's unsaved-changes guard. */
  onDirtyChange?: (dirty: boolean) => void
  /** The saved reasons when the caller already has them (the editor loads them with the config). */
  initialReasons?: readonly CancellationReason[]
  /** The version of `initialReasons`, which a save names as its base. */
  initialVersion?: number
}

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' }

const isConflict = (error: ApiError) => error.status === 409 || error.code === 'CONSTRAINT_VIOLATION'

/**
 * The account's cancellation reasons (key, label, feedback category, mapped offer, enabled, order):
 * loads GET /api/account?action=reasons and saves POST …&action=reasons on top of the version it
 * loaded (`base_version`), validating with the shared schema first. When someone else saved in the
 * meantime the server answers 409 and this offers to reload instead of overwriting their change.
 * Self-contained so both the editor and the settings page can render it.
 */
function ReasonsEditorView({
  accountId,
  readOnly = false,
  onReasonsChange,
  onDirtyChange,
  initialReasons,
  initialVersion,
}: ReasonsEditorProps) {
  const [load, setLoad] = useState<LoadState>(initialReasons ? { status: 'ready' } : { status: 'loading' })
  const [saved, setSaved] = useState<CancellationReason[]>(() => [...(initialReasons ?? [])])
  const [rows, setRows] = useState<readonly DraftReason[]>(() => toDraft(initialReasons ?? []))
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  const [warnings, setWarnings] = useState<FieldWarning[]>([])
  const [attempted, setAttempted] = useState(false)
  const [version, setVersion] = useState<number | undefined>(initialVersion)
  const [conflict, setConflict] = useState(false)
  const summary = useRef<HTMLDivElement>(null)

  const fetchReasons = useCallback(async () => {
    setLoad({ status: 'loading' })
    const result = await getReasons(accountId)
    if (result.error) {
      setLoad({ status: 'error', message: userMessageOf(result.error) })
      return
    }
    setSaved(result.data.reasons)
    setRows(toDraft(result.data.reasons))
    setVersion(result.data.version)
    setServerErrors({})
    setConflict(false)
    setLoad({ status: 'ready' })
  }, [accountId])

  // Given reasons count as loaded; the first fetch only runs without them. (A ref, not a dependency:
  // the caller's array may be a new one on every render.)
  const given = useRef(initialReasons !== undefined)
  useEffect(() => {
    if (given.current) {
      given.current = false
      return
    }
    void fetchReasons()
  }, [fetchReasons])

  const reasons = useMemo(() => fromDraft(rows), [rows])
  const clientErrors = useMemo(() => validateReasons(reasons), [reasons])
  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors])
  const dirty = load.status === 'ready' && JSON.stringify(reasons) !== JSON.stringify(saved)

  useEffect(() => {
    if (load.status === 'ready') onReasonsChange?.(reasons)
  }, [reasons, load.status, onReasonsChange])
  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

  const save = async () => {
    setAttempted(true)
    if (Object.keys(clientErrors).length > 0) {
      summary.current?.focus()
      return
    }
    setSaving(true)
    const result = await saveReasons(accountId, reasons, { baseVersion: version })
    setSaving(false)
    if (result.error) {
      if (isConflict(result.error)) {
        setConflict(true)
        return
      }
      setServerErrors(serverFieldErrors({ ...result.error, issues: result.error.issues ?? [] }, 'reasons'))
      toast({ title: 'Reasons not saved', description: userMessageOf(result.error), variant: 'destructive' })
      return
    }
    const stored = result.data.reasons ?? reasons
    setSaved(stored)
    setVersion(result.data.version)
    setRows(toDraft(stored))
    setServerErrors({})
    setAttempted(false)
    setWarnings(result.data.warnings ?? [])
    toast({
      title: 'Reasons saved',
      description: 'Subscribers see the new list right away.',
      variant: 'success',
    })
  }

  if (load.status === 'loading') {
    return (
      <p role="status" className="rk-loading-text">
        Loading cancellation reasons…
      </p>
    )
  }
  if (load.status === 'error') {
    return (
      <div role="alert" className="rk-inline-error">
        <p>Cancellation reasons could not be loaded: {load.message}</p>
        <button type="button" className="rk-button rk-button--secondary" onClick={() => void fetchReasons()}>
          Retry
        </button>
      </div>
    )
  }

  const errorCount = Object.keys(clientErrors).length
  return (
    <div className="rk-reasons-editor">
      <p className="rk-field__hint">
        Subscribers choose one of these when they cancel, in this order. Each reason leads to a feedback
        question and, if set, a save offer.
      </p>
      {attempted && errorCount > 0 ? (
        <div className="rk-error-summary" role="alert" tabIndex={-1} ref={summary}>
          Fix {errorCount === 1 ? 'the problem' : `the ${errorCount} problems`} below before saving the
          reasons.
        </div>
      ) : null}
      {conflict ? (
        <div className="rk-notice rk-notice--warning" role="alert">
          <p>
            Someone else saved the cancellation reasons while you were editing them. Reload them to continue;
            your unsaved reason changes here will be lost.
          </p>
          <div className="rk-actions">
            <button
              type="button"
              className="rk-button rk-button--primary"
              onClick={() => void fetchReasons()}
            >
              Reload latest reasons
            </button>
            <button
              type="button"
              className="rk-button rk-button--secondary"
              onClick={() => setConflict(false)}
            >
              Keep editing reasons
            </button>
          </div>
        </div>
      ) : null}
      <ReasonsForm rows={rows} onChange={setRows} errors={errors} disabled={readOnly || saving} />
      {warnings.length > 0 ? (
        <ul className="rk-warnings" aria-label="Warnings from the last save">
          {warnings.map((warning) => (
            <li key={`${warning.field}:${warning.key}`}>{warning.message}</li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div className="rk-actions">
          <button
            type="button"
            className="rk-button rk-button--primary"
            disabled={saving || !dirty}
            onClick={() => void save()}
          >
            {saving ? 'Saving reasons…' : 'Save reasons'}
          </button>
          <button
            type="button"
            className="rk-button rk-button--secondary"
            disabled={saving || !dirty}
            onClick={() => {
              setRows(toDraft(saved))
              setServerErrors({})
              setAttempted(false)
            }}
          >
            Discard reason changes
          </button>
        </div>
      )}
    </div>
  )
}

/** Memoised: the editor re-renders on every keystroke of the flow's copy, which never concerns the reasons. */
export const ReasonsEditor = memo(ReasonsEditorView)

export default ReasonsEditor
