import type { InstallStatus } from '@retainkit/shared/api'
import { snippetFor, snippetForTagManager } from '@retainkit/widget/snippet'
import {
  TOKEN_RECIPE_LABELS,
  TOKEN_RECIPE_LANGUAGES,
  type TokenRecipeLanguage,
  tokenRecipe,
  tryTokenRecipe,
} from '@retainkit/widget/token-recipes'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { CopyButton } from '../../components/copy-button'
import { Spinner } from '../../components/spinner'
import { reopenChecklistHref } from '../../features/getting-live/getting-live-steps'
import { getInstallStatus } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../lib/relative-time'
import { getRuntimeConfig } from '../../lib/runtime'
import { useApiResource } from '../../lib/use-api-resource'
import { TAG_MANAGER_CANCEL_SELECTOR, TAG_MANAGER_STEPS, TAG_MANAGER_TOKEN_VARIABLE } from './install-recipes'
import { WidgetErrorsList } from './widget-errors-list'

/** 'Installed — last loaded on <origin> <relative time>' or 'Not detected yet'. */
export function installStatusText(status: InstallStatus, now: number = Date.now()): string {
  const latest = status.origins[0]
  if (!status.installed || !latest) return 'Not detected yet'
  return `Installed — last loaded on ${latest.origin} ${relativeTime(latest.last_loaded_at ?? status.last_loaded_at, now)}`
}

function CodeBlock({ code, label, copyLabel }: { code: string; label: string; copyLabel: string }) {
  const id = useId()
  return (
    <figure className="rk-code-block">
      <figcaption id={id} className="rk-code-block__caption">
        <span>{label}</span>
        <CopyButton text={code} label={copyLabel} />
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code region must be reachable by keyboard. */}
      <section className="rk-code-block__pre" tabIndex={0} aria-labelledby={id}>
        <pre>
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  )
}

function InstalledIndicator({ accountId }: { accountId: string }) {
  const { state, reload } = useApiResource(() => getInstallStatus(accountId), accountId)
  return (
    <div className="rk-install-status" aria-live="polite">
      {state.status === 'loading' ? <Spinner label="Checking installation..." /> : null}
      {state.status === 'error' ? (
        <p className="rk-notice rk-notice--error">
          Installation status unavailable. {userMessageOf(state.error)}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <p className={state.data.installed ? 'rk-status rk-status--ok' : 'rk-status'}>
          {installStatusText(state.data)}
          {state.data.last_loaded_at ? (
            <span className="rk-visually-hidden"> ({formatDateTime(state.data.last_loaded_at)})</span>
          ) : null}
        </p>
      ) : null}
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        disabled={state.status === 'loading'}
        onClick={() => void reload()}
      >
        Check again
      </button>
    </div>
  )
}

/** The token recipe for the chosen server language, with the claims of the chosen snippet's mode. */
function TokenRecipes({
  accountId,
  apiBaseUrl,
  mode,
}: {
  accountId: string
  apiBaseUrl: string
  mode: 'live' | 'test'
}) {
  const [language, setLanguage] = useState<TokenRecipeLanguage>('node')
  const selectId = useId()
  const label = `${TOKEN_RECIPE_LABELS[language]}, ${mode === 'test' ? 'test' : 'live'} mode`
  return (
    <>
      <p className="rk-form__help">
        {mode === 'test'
          ? 'These recipes sign test-mode tokens ("mode": "test"), the only ones the test-site snippet accepts.'
          : 'These recipes sign live tokens for your live site. For localhost or staging, choose the test site above: its recipes add the test-mode claim.'}
      </p>
      <div className="rk-form-field">
        <label htmlFor={selectId}>Your server's language</label>
        <select
          id={selectId}
          className="rk-input rk-select"
          value={language}
          onChange={(event) => setLanguage(event.target.value as TokenRecipeLanguage)}
        >
          {TOKEN_RECIPE_LANGUAGES.map((option) => (
            <option key={option} value={option}>
              {TOKEN_RECIPE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <CodeBlock
        code={tokenRecipe(language, { accountId, mode })}
        label={label}
        copyLabel={`Copy ${TOKEN_RECIPE_LABELS[language]} recipe`}
      />
      <CodeBlock
        code={tryTokenRecipe(apiBaseUrl)}
        label="Try a token with curl"
        copyLabel="Copy curl command"
      />
    </>
  )
}

/**
 * How to install the widget: the snippet (from the widget package: the only source of its text) with a
 * copy button, Google Tag Manager steps, the subscriber-token recipes, and whether the widget has been
 * seen on a site yet.
 */
export function InstallSettings({ accountId }: { accountId: string }) {
  const { apiBaseUrl } = getRuntimeConfig()
  const loaderUrl = `${apiBaseUrl}/w/loader.js`
  // Test mode lets localhost and staging sites load the widget with test-mode tokens; the live
  // snippet only works on the account's own domain.
  const [mode, setMode] = useState<'live' | 'test'>('live')
  const modeOption = mode === 'test' ? { mode } : {}
  const snippet = snippetFor({ accountId, loaderUrl, ...modeOption })
  const tagManagerTag = snippetForTagManager({
    accountId,
    loaderUrl,
    ...modeOption,
    attach: { selector: TAG_MANAGER_CANCEL_SELECTOR, tokenVariable: TAG_MANAGER_TOKEN_VARIABLE },
  })

  return (
    <div className="rk-settings__stack">
      <div className="rk-settings__block">
        <h3>Status</h3>
        <InstalledIndicator accountId={accountId} />
        <p className="rk-form__help">
          <Link to={reopenChecklistHref(accountId)}>Show the getting-live checklist</Link> on the dashboard.
        </p>
      </div>
      <div className="rk-settings__block">
        <h3>Recent widget errors</h3>
        <WidgetErrorsList accountId={accountId} />
      </div>
      <div className="rk-settings__block">
        <h3>1. Add the snippet to your site</h3>
        <p className="rk-form__help">
          Paste it before <code className="rk-code-inline">&lt;/head&gt;</code> on every page (or at least the
          pages with your cancel button). It loads the widget asynchronously and never blocks your page.
        </p>
        <fieldset className="rk-fieldset">
          <legend>Snippet for</legend>
          <label>
            <input
              type="radio"
              name="snippet-mode"
              checked={mode === 'live'}
              onChange={() => setMode('live')}
            />{' '}
            Your live site (your account's domain)
          </label>
          <label>
            <input
              type="radio"
              name="snippet-mode"
              checked={mode === 'test'}
              onChange={() => setMode('test')}
            />{' '}
            A test site: localhost or staging (test mode, with test-mode tokens)
          </label>
        </fieldset>
        <CodeBlock code={snippet} label="Install snippet" copyLabel="Copy snippet" />
      </div>
      <div className="rk-settings__block">
        <h3>2. Attach it to your cancel button</h3>
        <p className="rk-form__help">
          Your server mints a short-lived subscriber token for the signed-in subscriber with your widget
          secret; the page passes it to{' '}
          <code className="rk-code-inline">Retainkit('attach', '#cancel', {'{ token }'})</code>. If anything
          fails, the click goes on to your own cancel page.
        </p>
        <TokenRecipes accountId={accountId} apiBaseUrl={apiBaseUrl} mode={mode} />
      </div>
      <div className="rk-settings__block">
        <h3>Or: Google Tag Manager</h3>
        <ol className="rk-steps-list">
          {TAG_MANAGER_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <CodeBlock code={tagManagerTag} label="Custom HTML tag" copyLabel="Copy tag" />
      </div>
    </div>
  )
}
