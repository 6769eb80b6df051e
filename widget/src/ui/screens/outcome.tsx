import type { ScreenProps } from './types'

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the date Stripe now holds, as the server words it in the subscriber's language, and a way to
 * save all of it.
 */
export function FinalScreen({ copy, context, snapshot, onSaveConfirmation }: ScreenProps) {
  const { result } = snapshot
  // The server's sentence, in the subscriber's language (the bundle formats no dates).
  const message =
    result?.outcome === 'canceled' && result.response.status === 'scheduled' && result.response.endsOn
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
