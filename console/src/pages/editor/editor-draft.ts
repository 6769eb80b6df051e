import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { cancelFlowConfigSchema } from '@retainkit/shared/schemas'
import { useCallback, useMemo, useReducer } from 'react'
import { type FieldErrors, issuesToFieldErrors } from '../../features/validation/field-errors'
import { jsonEqual, setAt } from './config-path'

/**
 * The editor's state: the saved configuration (`base`, with its version), the draft being edited, and
 * errors the server reported on the last save. Client-side validation is derived from the draft on
 * every change, so the validation messages show while typing, before any save.
 */
export interface EditorState {
  base: CancelFlowConfig
  draft: CancelFlowConfig
  version: number
  updatedAt: string | null
  /** From the last refused save, keyed by field; a field's entry goes once that field is edited. */
  serverErrors: FieldErrors
}

export type EditorAction =
  | { type: 'loaded'; config: CancelFlowConfig; version: number; updatedAt: string | null }
  | { type: 'set'; path: string; value: unknown }
  | { type: 'discard' }
  | { type: 'saved'; config: CancelFlowConfig; version: number; updatedAt: string | null }
  | { type: 'serverErrors'; errors: FieldErrors }

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      return {
        base: action.config,
        draft: action.config,
        version: action.version,
        updatedAt: action.updatedAt,
        serverErrors: {},
      }
    case 'set': {
      const serverErrors = Object.fromEntries(
        Object.entries(state.serverErrors).filter(
          ([key]) =>
            key !== action.path && !key.startsWith(`${action.path}.`) && !action.path.startsWith(`${key}.`),
        ),
      )
      return { ...state, draft: setAt(state.draft, action.path, action.value), serverErrors }
    }
    case 'discard':
      return { ...state, draft: state.base, serverErrors: {} }
    case 'saved':
      // Keep edits made while the save was in flight: only the saved snapshot becomes the base.
      return {
        ...state,
        base: action.config,
        version: action.version,
        updatedAt: action.updatedAt,
        serverErrors: {},
      }
    case 'serverErrors':
      return { ...state, serverErrors: action.errors }
  }
}

/** The validation messages for a draft, keyed by field path (`copy.general.headline`: 'Headline too long'). */
export function validateConfig(config: CancelFlowConfig): FieldErrors {
  const result = cancelFlowConfigSchema.safeParse(config)
  return result.success ? {} : issuesToFieldErrors(result.error.issues)
}

export function useEditorDraft(initial: {
  config: CancelFlowConfig
  version: number
  updatedAt: string | null
}) {
  const [state, dispatch] = useReducer(editorReducer, undefined, () => ({
    base: initial.config,
    draft: initial.config,
    version: initial.version,
    updatedAt: initial.updatedAt,
    serverErrors: {},
  }))
  const clientErrors = useMemo(() => validateConfig(state.draft), [state.draft])
  const errors = useMemo(
    () => ({ ...state.serverErrors, ...clientErrors }),
    [state.serverErrors, clientErrors],
  )
  const dirty = useMemo(() => !jsonEqual(state.base, state.draft), [state.base, state.draft])
  const set = useCallback((path: string, value: unknown) => dispatch({ type: 'set', path, value }), [])
  return { state, dispatch, set, errors, clientErrors, dirty }
}
