import type { ReactNode } from 'react'

/**
 * Label, hint and error around one control. The control gets `aria-describedby` pointing at the hint and
 * the error (see `describedBy`) and `aria-invalid` when there is an error, so a screen reader reads the
 * spec message with the field. Errors are not a live region: they change on every keystroke, and the
 * save attempt announces a summary instead.
 */
export interface FieldShellProps {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  /** Rendered after the label on the same line (e.g. a character counter). */
  aside?: ReactNode
  children: ReactNode
  className?: string
}

export function hintId(id: string): string {
  return `${id}-hint`
}

export function errorId(id: string): string {
  return `${id}-error`
}

export function describedBy(
  id: string,
  hasHint: boolean,
  hasError: boolean,
  extra?: string,
): string | undefined {
  const ids = [hasHint ? hintId(id) : null, hasError ? errorId(id) : null, extra ?? null].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function FieldShell({ id, label, hint, error, aside, children, className }: FieldShellProps) {
  return (
    <div className={`rk-field${error ? ' rk-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="rk-field__top">
        <label className="rk-field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p className="rk-field__hint" id={hintId(id)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="rk-field__error" id={errorId(id)}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
