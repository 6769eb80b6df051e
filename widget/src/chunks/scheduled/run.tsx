import type { UiStrings } from '@retainkit/shared/ui-strings'
import type { ScheduledCancellation } from '@retainkit/shared/widget-api'
import { render } from 'preact'
import type { WidgetApi } from '../../api/client'
import type { Tokens } from '../../api/token-source'
import { BannerView } from '../../banner/banner-view'
import { reactivation } from '../../banner/terms'
import { fill } from '../../flow/localize'
import type { StartedSession } from '../../flow/session-machine'
import type { SessionResult } from '../../types'

/**
 * A subscriber already scheduled to cancel opened the cancel flow: no offers, no questions. When it ends,
 * and (when the server could state what keeping it costs) an undo that asks for one confirmation naming
 * the amount and the date of the next charge. The undo names this cancel session: the server undoes that
 * session's own scheduled cancellation (no banner, no Pro plan needed). Drawn into the cancel flow's
 * mount; `finish` ends the session ('stayed' once undone, else 'closed').
 */
export function runScheduled(
  mount: HTMLElement,
  { sessionId, scheduledCancellation }: StartedSession,
  tokens: Tokens,
  api: WidgetApi,
  strings: UiStrings,
  finish: (result: SessionResult) => void,
): void {
  const { endsAt, endsOn, terms } = scheduledCancellation as ScheduledCancellation
  let kept = false
  const close = () => finish({ outcome: kept ? 'stayed' : 'closed' })
  reactivation(
    (now, onKeep, onBack) => {
      kept = now.kind === 'done'
      render(
        <BannerView
          dialog
          copy={{
            // The server's sentence in the subscriber's language; an older server's date as it is.
            headline:
              now.kind === 'done' ? strings.continues : (endsOn ?? fill(strings.ends_on, { date: endsAt })),
            subheadline: '',
            cta_primary: strings.stay,
            cta_secondary: strings.close,
          }}
          strings={strings}
          terms={terms}
          state={now}
          onReactivate={onKeep}
          onBack={onBack}
          onDismiss={close}
          onClose={close}
        />,
        mount,
      )
      // Focus was on the page or on the stand-in screen's controls, now gone: it lands on the headline.
      mount.querySelector('h2')?.focus()
    },
    () => tokens.use((token) => api.reactivationAccept(token, sessionId)),
  )
}
