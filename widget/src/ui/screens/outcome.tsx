import { formatDate } from '@retainkit/shared/flow'
import type { ScreenProps } from './types'

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the server's confirmation, the date of the cancellation, and a way to save all of it.
 */
export function FinalScreen({ copy, snapshot, context, onSaveConfirmation }: ScreenProps) {
  const { outcome } = snapshot
  const lines = outcome
    ? [
        outcome.type === 'canceled' && outcome.response.status === 'scheduled'
          ? outcome.response.message
          : '',
        `Canceled on ${formatDate(new Date().toISOString(), context.locale)}.`,
      ].filter(Boolean)
    : []
  const text = [copy.headline, copy.subheadline, ...lines].join('\n\n')
  return (
    <>
      {lines.length ? (
        <div className="n">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {onSaveConfirmation ? (
        <p>
          <button type="button" onClick={() => onSaveConfirmation(text)}>
            Save this confirmation
          </button>
        </p>
      ) : null}
    </>
  )
}
