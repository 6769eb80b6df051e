import type { ScreenProps } from './types'

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)

/**
 * The final confirmation: words the subscriber can keep. The copy (with the access end date) is above;
 * this adds the server's confirmation, the date of the cancellation, and a way to save all of it.
 */
export function FinalScreen({ copy, snapshot, onSaveConfirmation }: ScreenProps) {
  const response = snapshot.outcome?.type === 'canceled' ? snapshot.outcome.response : null
  const lines = [
    response?.status === 'scheduled' ? response.message : '',
    snapshot.outcome ? `Canceled on ${longDate(new Date())}.` : '',
  ].filter(Boolean)
  const text = [copy.headline, copy.subheadline, ...lines].join('\n\n')
  return (
    <>
      {lines.length ? (
        <div className="n" id="rk-confirmation">
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

/** Confirm and success screens say everything in their headline and subheadline. */
export const CopyOnly = () => null
