import type { SessionResult } from '../types'
import type { ChunkArgs } from './types'

/**
 * Mode `offers_after_cancel` (Minnesota): the flow runs without any offer; only once the cancellation is
 * done does this ask whether the subscriber would like to hear an offer, and records the answer
 * (`/after-cancel`). The cancellation stands whatever they answer; closing without answering is fine.
 *
 * Built as its own chunk, loaded only when the session's mode needs it; draws with the bundle's Preact.
 */
export default function afterCancel(
  ...[h, render, mount, start, tokens, api, strings, flow, finish]: ChunkArgs
) {
  const block = start.afterCancel as NonNullable<typeof start.afterCancel>
  const { words } = block
  let result: SessionResult | null = null
  let answered: 'yes' | 'no' | null = null
  let error = false

  const answer = (choice: 'yes' | 'no') => {
    error = false
    tokens
      .use((token) => api.act(token, start.sessionId, 'after-cancel', { answer: choice }))
      .then(
        () => {
          answered = choice
        },
        () => {
          error = true
        },
      )
      .then(() => {
        draw()
        ;(mount.querySelector('h2') as HTMLElement | null)?.focus()
      })
  }
  const close = () => finish(result as SessionResult)
  const button = (label: string, onClick: () => void, primary?: boolean) =>
    h('button', { type: 'button', className: primary ? 'p' : undefined, onClick }, label)

  const draw = () =>
    render(
      h(
        'dialog',
        {
          className: 'd',
          lang: block.lang,
          dir: block.dir,
          'aria-labelledby': 'rk-title',
          ref: (dialog: HTMLDialogElement | null) => dialog && !dialog.open && dialog.showModal(),
          onCancel: (event: Event) => {
            event.preventDefault()
            close()
          },
          onKeyDown: (event: KeyboardEvent) => event.key === 'Escape' && event.stopPropagation(),
        },
        h(
          'h2',
          { id: 'rk-title', tabIndex: -1 },
          answered ? words[answered === 'yes' ? 'thanks_yes' : 'thanks_no'] : words.question,
        ),
        h('div', { role: 'alert' }, error ? h('p', { className: 'e' }, strings.call_failed) : null),
        h(
          'div',
          { className: 'a' },
          answered
            ? button(strings.close, close, true)
            : [
                button(words.yes, () => answer('yes')),
                button(words.no, () => answer('no')),
                button(strings.close, close),
              ],
        ),
      ),
      mount,
    )

  // Asked only once the cancellation is done: drawn over the flow's last screen as it appears.
  const stop = flow.subscribe((snapshot) => {
    if (snapshot.result?.outcome !== 'canceled' || result) return
    result = snapshot.result
    stop()
    draw()
    ;(mount.querySelector('h2') as HTMLElement | null)?.focus()
  })
}
