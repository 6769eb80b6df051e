import { useState } from 'react'

export interface ConfirmButtonProps {
  label: string
  /** The second button, which acts. */
  confirm: string
  /** Shown on the second button while the action runs. */
  busyLabel: string
  busy: boolean
  onConfirm: () => void
  /** Accessible names when the visible labels alone would not say what the button is for. */
  ariaLabel?: string
  confirmAriaLabel?: string
}

/** A destructive button that asks once more in place: the action, then "Yes, …" or Cancel. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <button
        type="button"
        className="rk-button rk-button--danger rk-button--small"
        onClick={() => setAsking(true)}
        aria-label={props.ariaLabel}
      >
        {props.label}
      </button>
    )
  return (
    <span className="rk-inline-confirm">
      <button
        type="button"
        className="rk-button rk-button--danger rk-button--small"
        disabled={props.busy}
        onClick={props.onConfirm}
        aria-label={props.confirmAriaLabel}
      >
        {props.busy ? props.busyLabel : props.confirm}
      </button>
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        onClick={() => setAsking(false)}
      >
        Cancel
      </button>
    </span>
  )
}
