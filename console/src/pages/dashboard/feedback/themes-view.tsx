import type { WriteInTheme } from '@retainkit/shared/feedback-insights'
import { useState } from 'react'
import { userMessageOf } from '../../../lib/error-handler'
import { useCapability } from '../../../session/session-store'
import { updateTheme } from './feedback-api'
import { type ThemesView, trendLabel } from './feedback-shaping'
import { SentimentBar } from './sentiment-bars'
import type { FigureSelection } from './sentiment-breakdown'
import { ThemeEditor } from './theme-editor'

/** A theme's mentions per month as a small line: decoration beside the numbers, hidden from readers. */
function Sparkline({ months }: { months: WriteInTheme['byMonth'] }) {
  if (months.length < 2) return null
  const max = Math.max(1, ...months.map((month) => month.mentions))
  const points = months
    .map((month, index) => `${(index / (months.length - 1)) * 60},${18 - (month.mentions / max) * 16}`)
    .join(' ')
  return (
    <svg
      className="rk-theme__spark"
      viewBox="0 0 60 20"
      width="60"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} fill="none" stroke="#4f46e5" strokeWidth="2" />
    </svg>
  )
}

/** The themes merged into one, each with a way to take it back out (editors). */
function MergedThemes({
  accountId,
  merged,
  canEdit,
  onChanged,
}: {
  accountId: string
  merged: WriteInTheme['merged']
  canEdit: boolean
  onChanged: () => void
}) {
  const [error, setError] = useState<string | null>(null)
  const unmerge = async (key: string) => {
    const result = await updateTheme(accountId, { key, merged_into: null })
    if (result.error) setError(userMessageOf(result.error))
    else onChanged()
  }
  return (
    <div className="rk-theme__meta">
      Includes:{' '}
      {merged.map((theme, index) => (
        <span key={theme.key}>
          {index > 0 ? ', ' : ''}
          {theme.name}
          {canEdit ? (
            <>
              {' '}
              <button type="button" className="rk-link-button" onClick={() => void unmerge(theme.key)}>
                Unmerge<span className="rk-visually-hidden"> {theme.name}</span>
              </button>
            </>
          ) : null}
        </span>
      ))}
      {error ? (
        <p className="rk-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Pro's themes: pinned first, then by mentions, each with its trend against the period before and its
 * sentiment. Its name opens its write-ins (with those of the themes merged into it); editors rename,
 * pin, merge and map it to a reason in place.
 */
export function ThemesList({
  accountId,
  data,
  reasons,
  onSelect,
  onChanged,
}: {
  accountId: string
  data: ThemesView
  reasons: ReadonlyMap<string, string>
  onSelect: (selection: FigureSelection) => void
  onChanged: () => void
}) {
  const canEdit = useCapability('canEditConfig')
  const [editing, setEditing] = useState<string | null>(null)
  return (
    <ul className="rk-themes">
      {data.themes.map((theme) => (
        <li key={theme.key} className="rk-theme">
          <div className="rk-theme__line">
            <button
              type="button"
              className="rk-link-button rk-theme__open"
              onClick={() => onSelect({ title: theme.name, filter: { theme: theme.key } })}
            >
              {theme.name}
              <span className="rk-visually-hidden">: show the write-ins</span>
            </button>
            {theme.pinned ? <span className="rk-badge">Pinned</span> : null}
            <span className="rk-theme__count">
              {theme.mentions} {theme.mentions === 1 ? 'mention' : 'mentions'}
            </span>
            <span className="rk-theme__trend" title="Against the period of the same length before">
              {trendLabel(theme.mentions, theme.previous)}
              <span className="rk-visually-hidden"> against the period before ({theme.previous})</span>
            </span>
            <Sparkline months={theme.byMonth} />
            {canEdit ? (
              <button
                type="button"
                className="rk-button rk-button--small rk-button--secondary"
                aria-expanded={editing === theme.key}
                onClick={() => setEditing(editing === theme.key ? null : theme.key)}
              >
                Edit<span className="rk-visually-hidden"> the theme {theme.name}</span>
              </button>
            ) : null}
          </div>
          <SentimentBar label={theme.name} counts={theme.sentiment} />
          {theme.reason_key ? (
            <p className="rk-theme__meta">Reason: {reasons.get(theme.reason_key) ?? theme.reason_key}</p>
          ) : null}
          {theme.merged.length > 0 ? (
            <MergedThemes
              accountId={accountId}
              merged={theme.merged}
              canEdit={canEdit}
              onChanged={onChanged}
            />
          ) : null}
          {editing === theme.key ? (
            <ThemeEditor
              accountId={accountId}
              theme={theme}
              others={data.themes.filter((other) => other.key !== theme.key)}
              reasons={reasons}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null)
                onChanged()
              }}
            />
          ) : null}
        </li>
      ))}
    </ul>
  )
}
