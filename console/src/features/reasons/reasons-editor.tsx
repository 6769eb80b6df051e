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
  const loaded = useLoadedReasons(accountId, initialReasons, initialVersion)
  const { load, rows } = loaded
  const { reasons, clientErrors, errors, dirty } = useEditedReasons(loaded, onReasonsChange, onDirtyChange)
  const saver = useReasonsSave(accountId, loaded, reasons, clientErrors)

  if (load.status !== 'ready')
    return <ReasonsLoadState load={load} onRetry={() => void loaded.fetchReasons()} />

  const errorCount = Object.keys(clientErrors).length
  return (
    <div className="rk-reasons-editor">
      <p className="rk-field__hint">
        Subscribers choose one of these when they cancel, in this order. Each reason leads to a feedback
        question and, if set, a save offer.
      </p>
      {saver.attempted && errorCount > 0 ? (
        <div className="rk-error-summary" role="alert" tabIndex={-1} ref={saver.summary}>
          Fix {errorCount === 1 ? 'the problem' : `the ${errorCount} problems`} below before saving the
          reasons.
        </div>
      ) : null}
      {loaded.conflict ? (
        <ConflictNotice
          onReload={() => void loaded.fetchReasons()}
          onKeep={() => loaded.setConflict(false)}
        />
      ) : null}
      <ReasonsForm
        rows={rows}
        onChange={loaded.setRows}
        errors={errors}
        disabled={readOnly || saver.saving}
      />
      <SaveWarnings warnings={saver.warnings} />
      {readOnly ? null : (
        <SaveActions
          saving={saver.saving}
          dirty={dirty}
          onSave={() => void saver.save()}
          onDiscard={saver.discard}
        />
      )}
    </div>
  )
}

/**
 * The reasons as last loaded or saved (`saved`, `version`), the rows being edited, the server's field
 * errors and whether a save met someone else's: given by the caller, or fetched once on mount.
 */
function useLoadedReasons(
  accountId: string,
  initialReasons: readonly CancellationReason[] | undefined,
  initialVersion: number | undefined,
) {
  const [load, setLoad] = useState<LoadState>(initialReasons ? { status: 'ready' } : { status: 'loading' })
  const [saved, setSaved] = useState<CancellationReason[]>(() => [...(initialReasons ?? [])])
  const [rows, setRows] = useState<readonly DraftReason[]>(() => toDraft(initialReasons ?? []))
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [version, setVersion] = useState<number | undefined>(initialVersion)
  const [conflict, setConflict] = useState(false)

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

  return {
    load,
    saved,
    setSaved,
    rows,
    setRows,
    version,
    setVersion,
    serverErrors,
    setServerErrors,
    conflict,
    setConflict,
    fetchReasons,
  }
}

type LoadedReasons = ReturnType<typeof useLoadedReasons>

/**
 * The edited rows as reasons, their problems (the shared schema's, then the server's from the last save)
 * and whether they differ from the saved list; both told to the caller as they change.
 */
function useEditedReasons(
  loaded: LoadedReasons,
  onReasonsChange: ReasonsEditorProps['onReasonsChange'],
  onDirtyChange: ReasonsEditorProps['onDirtyChange'],
) {
  const { load, rows, saved, serverErrors } = loaded
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
  return { reasons, clientErrors, errors, dirty }
}

/**
 * Saving the edited reasons on top of the loaded version: refused with the error summary focused while
 * the rows have problems; a conflict raises the notice, other refusals put the server's words beside the
 * fields; a success stores what the server kept and shows its warnings. `discard` returns to the saved list.
 */
function useReasonsSave(
  accountId: string,
  loaded: LoadedReasons,
  reasons: CancellationReason[],
  clientErrors: FieldErrors,
) {
  const [saving, setSaving] = useState(false)
  const [warnings, setWarnings] = useState<FieldWarning[]>([])
  const [attempted, setAttempted] = useState(false)
  const summary = useRef<HTMLDivElement>(null)

  const save = async () => {
    setAttempted(true)
    if (Object.keys(clientErrors).length > 0) {
      summary.current?.focus()
      return
    }
    setSaving(true)
    const result = await saveReasons(accountId, reasons, { baseVersion: loaded.version })
    setSaving(false)
    if (result.error) {
      if (isConflict(result.error)) {
        loaded.setConflict(true)
        return
      }
      loaded.setServerErrors(
        serverFieldErrors({ ...result.error, issues: result.error.issues ?? [] }, 'reasons'),
      )
      toast({ title: 'Reasons not saved', description: userMessageOf(result.error), variant: 'destructive' })
      return
    }
    const stored = result.data.reasons ?? reasons
    loaded.setSaved(stored)
    loaded.setVersion(result.data.version)
    loaded.setRows(toDraft(stored))
    loaded.setServerErrors({})
    setAttempted(false)
    setWarnings(result.data.warnings ?? [])
    toast({
      title: 'Reasons saved',
      description: 'Subscribers see the new list right away.',
      variant: 'success',
    })
  }
  const discard = () => {
    loaded.setRows(toDraft(loaded.saved))
    loaded.setServerErrors({})
    setAttempted(false)
  }
  return { saving, warnings, attempted, summary, save, discard }
}

/** Before the reasons are there: loading, or why they could not be loaded with a retry. */
function ReasonsLoadState(props: { load: Exclude<LoadState, { status: 'ready' }>; onRetry: () => void }) {
  if (props.load.status === 'loading') {
    return (
      <p role="status" className="rk-loading-text">
        Loading cancellation reasons…
      </p>
    )
  }
  return (
    <div role="alert" className="rk-inline-error">
      <p>Cancellation reasons could not be loaded: {props.load.message}</p>
      <button type="button" className="rk-button rk-button--secondary" onClick={props.onRetry}>
        Retry
      </button>
    </div>
  )
}

/** Save and discard, both idle while a save runs or nothing has changed. */
function SaveActions(props: { saving: boolean; dirty: boolean; onSave: () => void; onDiscard: () => void }) {
  const idle = props.saving || !props.dirty
  return (
    <div className="rk-actions">
      <button type="button" className="rk-button rk-button--primary" disabled={idle} onClick={props.onSave}>
        {props.saving ? 'Saving reasons…' : 'Save reasons'}
      </button>
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={idle}
        onClick={props.onDiscard}
      >
        Discard reason changes
      </button>
    </div>
  )
}

/** Someone else saved meanwhile: reload their list (losing these edits) or keep editing. */
function ConflictNotice(props: { onReload: () => void; onKeep: () => void }) {
  return (
    <div className="rk-notice rk-notice--warning" role="alert">
      <p>
        Someone else saved the cancellation reasons while you were editing them. Reload them to continue; your
        unsaved reason changes here will be lost.
      </p>
      <div className="rk-actions">
        <button type="button" className="rk-button rk-button--primary" onClick={props.onReload}>
          Reload latest reasons
        </button>
        <button type="button" className="rk-button rk-button--secondary" onClick={props.onKeep}>
          Keep editing reasons
        </button>
      </div>
    </div>
  )
}

function SaveWarnings(props: { warnings: readonly FieldWarning[] }) {
  if (props.warnings.length === 0) return null
  return (
    <ul className="rk-warnings" aria-label="Warnings from the last save">
      {props.warnings.map((warning) => (
        <li key={`${warning.field}:${warning.key}`}>{warning.message}</li>
      ))}
    </ul>
  )
}

/** Memoised: the editor re-renders on every keystroke of the flow's copy, which never concerns the reasons. */
export const ReasonsEditor = memo(ReasonsEditorView)

export default ReasonsEditor
