import { FEEDBACK_MAX_LENGTH } from '@retainkit/shared/flow'
import type { ScreenProps } from './types'

/** Write-in feedback for the reason's category, labelled by the headline (the question it asks). */
export function FeedbackScreen({ copy, send, snapshot }: ScreenProps) {
  return (
    <textarea
      className="f"
      aria-labelledby="rk-title"
      placeholder={copy.placeholder ?? ''}
      maxLength={FEEDBACK_MAX_LENGTH}
      value={snapshot.feedback}
      onInput={(event) =>
        send({ type: 'SET_FEEDBACK', text: (event.currentTarget as HTMLTextAreaElement).value })
      }
    />
  )
}
