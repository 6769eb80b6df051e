import type { FlowContext, FlowEvent, FlowSnapshot, ScreenCopy } from '@retainkit/shared/flow'

export interface ScreenProps {
  snapshot: FlowSnapshot
  copy: ScreenCopy
  context: FlowContext
  send: (event: FlowEvent) => void
  /** Saves the cancellation confirmation for the subscriber (a text file); absent in the preview. */
  onSaveConfirmation: (text: string) => void
}
