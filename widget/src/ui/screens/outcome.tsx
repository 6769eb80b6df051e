import type { ScreenProps } from './types'

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the server's confirmation and a way to save all of it.
 */
export function FinalScreen({ copy, snapshot, onSaveConfirmation }: ScreenProps) {
  const { outcome } = snapshot
  const message =
    outcome?.type === 'canceled' && outcome.response.status === 'scheduled' && outcome.response.message
  return (
    <>
      {message ? <p className="n">{message}</p> : null}
      {onSaveConfirmation ? (
        <p>
          <button
            type="button"
            onClick={() =>
              onSaveConfirmation([copy.headline, copy.subheadline, message].filter(Boolean).join('\n\n'))
            }
          >
            Save this confirmation
          </button>
        </p>
      ) : null}
    </>
  )
}
