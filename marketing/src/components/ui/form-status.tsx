export interface StatusMessage {
  kind: 'success' | 'error'
  text: string
}

/**
 * A live region that is always in the DOM, so assistive technology announces the text the moment it
 * appears. role="alert" is the accessible form of the spec's "alert".
 */
export function FormStatus({ status }: { status: StatusMessage | null }) {
  return (
    <div className={`form-status${status ? ` is-${status.kind}` : ''}`} role="alert">
      {status?.text ?? ''}
    </div>
  )
}
