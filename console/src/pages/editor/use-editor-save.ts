import { type Dispatch, type RefObject, useEffect, useRef, useState } from 'react'
import { serverFieldErrors } from '../../features/validation/field-errors'
import { getConfig, saveConfig } from '../../lib/api'
import type { ApiError } from '../../lib/api-client'
import { userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import type { EditorAction, EditorState } from './editor-draft'

const isConflict = (error: ApiError) => error.status === 409 || error.code === 'CONSTRAINT_VIOLATION'

export interface EditorSave {
  saving: boolean
  /** A save was tried since the last successful one: field errors are summarised from then on. */
  attempted: boolean
  /** Someone else saved a newer version: the editor offers to reload it. */
  conflict: boolean
  /** A business rule the server refused the config for, said in words. */
  ruleMessage: string | null
  save(): Promise<void>
  reload(): Promise<void>
  discard(): void
  keepEditing(): void
}

/**
 * Saving the editor's draft: with `base_version`, a 409 turned into the reload offer, the server's field
 * errors and business-rule refusals shown, Ctrl/Cmd+S, reload of the latest version and discard. The
 * form only draws what this answers; the draft itself is useEditorDraft's.
 */
export function useEditorSave(options: {
  accountId: string
  state: EditorState
  dispatch: Dispatch<EditorAction>
  /** Client-side errors of the draft: a save with any focuses the summary instead. */
  errorCount: number
  readOnly: boolean
  summary: RefObject<HTMLDivElement | null>
}): EditorSave {
  const { accountId, state, dispatch, errorCount, readOnly, summary } = options
  const [saving, setSaving] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const [conflict, setConflict] = useState(false)
  const [ruleMessage, setRuleMessage] = useState<string | null>(null)

  const refused = (error: ApiError) => {
    if (isConflict(error)) return setConflict(true)
    if (error.code === 'VALIDATION_FAILED') {
      dispatch({
        type: 'serverErrors',
        errors: serverFieldErrors({ ...error, issues: error.issues ?? [] }, 'config_json'),
      })
    }
    if (error.code === 'BUSINESS_RULE_VIOLATION') setRuleMessage(userMessageOf(error))
    toast({ title: 'Changes not saved', description: userMessageOf(error), variant: 'destructive' })
  }

  const save = async () => {
    if (readOnly || saving) return
    setAttempted(true)
    setRuleMessage(null)
    if (errorCount > 0) {
      requestAnimationFrame(() => summary.current?.focus())
      return
    }
    setSaving(true)
    const snapshot = state.draft
    const result = await saveConfig(accountId, snapshot, { baseVersion: state.version })
    setSaving(false)
    if (result.error) return refused(result.error)
    const version = typeof result.data?.version === 'number' ? result.data.version : state.version + 1
    const updatedAt = result.data?.updated_at ?? new Date().toISOString()
    dispatch({ type: 'saved', config: snapshot, version, updatedAt })
    setAttempted(false)
    toast({
      title: 'Changes saved',
      description: `Version ${version} is live for your subscribers.`,
      variant: 'success',
    })
  }

  const reload = async () => {
    const result = await getConfig(accountId)
    if (result.error) {
      toast({ title: 'Could not reload', description: userMessageOf(result.error), variant: 'destructive' })
      return
    }
    const { config_json: config, version, updated_at: updatedAt } = result.data
    dispatch({ type: 'loaded', config, version, updatedAt })
    setConflict(false)
    setAttempted(false)
    toast({ title: 'Latest version loaded', description: `You are now editing version ${version}.` })
  }

  const discard = () => {
    dispatch({ type: 'discard' })
    setAttempted(false)
    setRuleMessage(null)
    toast({ title: 'Changes discarded', description: `Back to version ${state.version}.` })
  }

  useSaveShortcut(save)
  return {
    saving,
    attempted,
    conflict,
    ruleMessage,
    save,
    reload,
    discard,
    keepEditing: () => setConflict(false),
  }
}

/** Ctrl/Cmd+S saves, as in every editor people know. */
function useSaveShortcut(save: () => Promise<void>) {
  const saveRef = useRef(save)
  saveRef.current = save
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        void saveRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
