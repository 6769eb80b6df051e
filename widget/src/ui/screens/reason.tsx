import type { ScreenProps } from './types'

/** The account's reasons as a radio group, labelled by the headline (the question). */
export function ReasonScreen({ copy, send, snapshot }: ScreenProps) {
  return (
    <fieldset aria-labelledby="rk-title" aria-describedby={snapshot.error ? 'rk-error' : undefined}>
      {copy.options.map((option) =>
        option.kind === 'reason' ? (
          <label className="r" key={option.key}>
            <input
              type="radio"
              name="rk-reason"
              checked={option.selected}
              onChange={() => send({ type: 'SELECT_REASON', key: option.key })}
            />
            {option.label}
          </label>
        ) : null,
      )}
    </fieldset>
  )
}
