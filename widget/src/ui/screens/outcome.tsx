import type { ScreenProps } from './types'

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the server's confirmation and a way to save all of it.
 */
export function FinalScreen({ copy, context, snapshot, onSaveConfirmation }: ScreenProps) {
  const { outcome } = snapshot
  // The server's confirmation is in English: other languages keep to the copy, which names the date.
  const message =
    outcome?.type === 'canceled' &&
    outcome.response.status === 'scheduled' &&
    /^en\b/.test(context.locale) &&
    outcome.response.message
  return (
    <>
      {message ? <p className="n">{message}</p> : null}
      <p>
        <button
          type="button"
          onClick={() =>
            onSaveConfirmation([copy.headline, copy.subheadline, message].filter(Boolean).join('\n\n'))
          }
        >
          {context.strings.save_confirmation}
        </button>
      </p>
    </>
  )
}
