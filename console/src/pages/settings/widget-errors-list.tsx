import type { WidgetErrorKind } from '@retainkit/shared/getting-live'
import type { WidgetError } from '@retainkit/shared/schemas'
import { Spinner } from '../../components/spinner'
import { getWidgetErrors } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../lib/relative-time'
import { useApiResource } from '../../lib/use-api-resource'

/** Each refusal in plain words, and what the merchant does about it. */
export const WIDGET_ERROR_WORDS: Readonly<
  Record<WidgetErrorKind, { what: (detail: string) => string; fix: string }>
> = {
  refused_origin: {
    what: (origin) => `A page on ${origin || 'another website'} tried to use your widget, and was refused.`,
    fix: "Set your site's domain under Settings → Account. For localhost or staging, use the test-site snippet with test-mode tokens.",
  },
  wrong_mode: {
    what: (origin) =>
      `A live-mode widget was used on ${origin || 'a test site'}, which only test mode may use (or the other way round).`,
    fix: 'On localhost or staging, use the test-site snippet and sign tokens with "mode": "test" (the test recipes do). On your live site, use the live snippet and live tokens.',
  },
  expired_token: {
    what: () => 'A subscriber token had expired before the widget used it.',
    fix: 'Mint the token when the page loads (or just before the click), valid for a few minutes, and check your server clock.',
  },
  forged_token: {
    what: (reason) => `A subscriber token was refused${reason ? `: ${reason.replace(/\.$/, '')}` : ''}.`,
    fix: "Sign tokens with an active widget secret of this account (Settings → Widget secret) using one of the recipes below, with iss set to this account's id.",
  },
  over_cap: {
    what: () => "A subscriber's cancel session was not started: this month's Starter sessions are used up.",
    fix: 'Those subscribers went straight to your own cancel page. Settings → Plan & billing says what Pro includes and how to upgrade.',
  },
}

function ErrorItem({ error }: { error: WidgetError }) {
  const words = WIDGET_ERROR_WORDS[error.kind]
  return (
    <li className="rk-widget-errors__item" data-kind={error.kind}>
      <p className="rk-widget-errors__what">{words.what(error.detail)}</p>
      <p className="rk-widget-errors__when">
        {error.count === 1 ? 'Once' : `${error.count} times`}, last {relativeTime(error.last_seen_at)}
        <span className="rk-visually-hidden"> ({formatDateTime(error.last_seen_at)})</span>
      </p>
      <p className="rk-widget-errors__fix">
        <strong>Fix:</strong> {words.fix}
      </p>
    </li>
  )
}

/** The last widget calls the server refused for this account, newest first, with how to fix each. */
export function WidgetErrorsList({ accountId }: { accountId: string }) {
  const { state, reload } = useApiResource(() => getWidgetErrors(accountId), accountId)
  return (
    <div className="rk-widget-errors" data-testid="widget-errors">
      {state.status === 'loading' ? <Spinner label="Loading recent widget errors..." /> : null}
      {state.status === 'error' ? (
        <p className="rk-notice rk-notice--error">
          Recent widget errors unavailable. {userMessageOf(state.error)}
        </p>
      ) : null}
      {state.status === 'ready' && state.data.errors.length === 0 ? (
        <p className="rk-form__help">No widget errors: the server has refused nothing from your widget.</p>
      ) : null}
      {state.status === 'ready' && state.data.errors.length > 0 ? (
        <ul className="rk-widget-errors__list">
          {state.data.errors.map((error) => (
            <ErrorItem key={`${error.kind} ${error.detail}`} error={error} />
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        disabled={state.status === 'loading'}
        onClick={() => void reload()}
      >
        Check for new errors
      </button>
    </div>
  )
}
