import { formatDate } from '@retainkit/shared/flow'
import { fill } from '../../flow/localize'
import type { ScreenProps } from './types'

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the date Stripe now holds, in the subscriber's words, and a way to save all of it.
 */
export function FinalScreen({ copy, context, snapshot, onSaveConfirmation }: ScreenProps) {
  const { result } = snapshot
  const endsAt =
    result?.outcome === 'canceled' && result.response.status === 'scheduled' && result.response.cancelAt
  const message =
    endsAt && fill(context.strings.ends_on, { date: formatDate(endsAt, context.locale) as string })
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
