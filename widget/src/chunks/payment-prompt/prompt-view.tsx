import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import { Dialog } from '../../ui/dialog'

export interface PromptViewProps {
  prompt: PaymentPrompt
  /** The wall is a modal over the page; the banner a region that never takes focus. */
  overlay: boolean
  /** The preview draws the wall in place (no modal). */
  inline?: boolean
  onDismiss: () => void
}

const noop = () => {}

/**
 * "Your payment failed — update your card": the words come worded from the server. Each action is a
 * form posting to the signed card-update page (`target="_top"`, so it leaves any frame): one click
 * opens the Stripe Billing Portal's card update for this subscriber. The banner can be dismissed (its
 * button, or Escape inside it); the wall cannot, but offers the last-chance pause when the merchant does.
 */
export function PromptView({ prompt, overlay, inline, onDismiss }: PromptViewProps) {
  const { words } = prompt
  const action = (link: string, label: string, main?: boolean) => (
    <form method="post" action={link} target="_top">
      <input type="hidden" name="action" value={main ? 'update' : 'pause'} />
      <button type="submit" className={main ? 'p' : undefined}>
        {label}
      </button>
    </form>
  )
  const body = [
    <h2 key="h" id="rk-title">
      {words.headline}
    </h2>,
    <p key="b">{words.body}</p>,
    <div key="a" className="a" style={{ flexWrap: 'wrap' }}>
      {action(prompt.link, words.button, true)}
      {prompt.pauseLink && words.pause ? action(prompt.pauseLink, words.pause) : null}
      {overlay ? null : (
        <button type="button" onClick={onDismiss}>
          {words.dismiss}
        </button>
      )}
    </div>,
  ]
  if (overlay)
    return (
      <Dialog overlay={!inline} progress="" onClose={noop}>
        {body}
      </Dialog>
    )
  return (
    <section
      className="k"
      aria-labelledby="rk-title"
      onKeyDown={(event) => event.key === 'Escape' && onDismiss()}
    >
      {body}
    </section>
  )
}
