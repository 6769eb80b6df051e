import { useEffect, useRef, useState } from 'react'

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
  /** Danger (the default) for what removes or ends something; primary for a weighty, wanted step. */
  tone?: 'danger' | 'primary'
}

/** A button that cannot be undone asks once more in place: the action, then "Yes, …" or Cancel. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  // Once the action has run (busy came and went), the question is answered: back to the first button.
  const wasBusy = useRef(props.busy)
  useEffect(() => {
    if (wasBusy.current && !props.busy) setAsking(false)
    wasBusy.current = props.busy
  }, [props.busy])
  const className = `rk-button rk-button--${props.tone ?? 'danger'} rk-button--small`
  if (!asking)
    return (
      <button
        type="button"
        className={className}
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
        className={className}
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
