import { createContext, useContext, useId, useState } from 'react'
import type { StripePlansState } from '../../editor/use-stripe-plans'
import { type CatalogOption, filterOptions } from './catalog-options'

/** The connected Stripe catalogue, loaded once by the segments page for every condition. */
export const SegmentCatalogContext = createContext<StripePlansState | null>(null)
export const useSegmentCatalog = () => useContext(SegmentCatalogContext)

/** At most this many matches are listed; typing more narrows them. */
const SHOWN = 50

/**
 * A searchable picker over the catalogue (an ARIA combobox with a listbox popup): the box holds the id
 * the condition stores, so an id typed by hand is kept as it is; typing a product's or price's name
 * lists the matches, and Arrow keys and Enter (or a click) choose one. `clearOnPick` makes it an "add"
 * box for lists: the chosen id is handed over and the box empties.
 */
export function CatalogCombobox(props: {
  label: string
  options: readonly CatalogOption[]
  value: string
  disabled: boolean
  describedBy: string | undefined
  clearOnPick?: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [query, setQuery] = useState<string | null>(null)
  const text = props.clearOnPick ? (query ?? '') : props.value
  const exact = props.options.some((option) => option.value === text)
  const matches = filterOptions(props.options, exact ? '' : text).slice(0, SHOWN)
  const expanded = open && matches.length > 0
  const pick = (option: CatalogOption) => {
    props.onChange(option.value)
    setQuery(null)
    setOpen(false)
  }
  return (
    <span className="rk-segment__value rk-catalog">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="rk-input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded ? `${id}-option-${Math.min(active, matches.length - 1)}` : undefined}
        aria-describedby={props.describedBy}
        value={text}
        disabled={props.disabled}
        onChange={(event) => {
          if (props.clearOnPick) setQuery(event.target.value)
          else props.onChange(event.target.value)
          setOpen(true)
          setActive(0)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            if (!open) return setOpen(true)
            const step = event.key === 'ArrowDown' ? 1 : -1
            setActive((current) => (current + step + matches.length) % Math.max(matches.length, 1))
          } else if (event.key === 'Enter' && expanded) {
            event.preventDefault()
            const option = matches[Math.min(active, matches.length - 1)]
            if (option) pick(option)
          } else if (event.key === 'Escape' && expanded) {
            event.preventDefault()
            setOpen(false)
          }
        }}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={props.label}
        className="rk-catalog__list"
        hidden={!expanded}
      >
        {expanded
          ? matches.map((option, index) => (
              <div
                key={option.value}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === Math.min(active, matches.length - 1)}
                className="rk-catalog__option"
                // Chosen before the box loses focus, so the click is not lost to the blur.
                onMouseDown={(event) => {
                  event.preventDefault()
                  pick(option)
                }}
              >
                {option.label} <span className="rk-muted">{option.value}</span>
              </div>
            ))
          : null}
      </div>
    </span>
  )
}

/** What a stored id is in the catalogue, to show beside the box; null while there is no catalogue. */
export function describeIds(ids: readonly string[], options: readonly CatalogOption[] | null): string | null {
  if (!options || ids.length === 0) return null
  return ids
    .map(
      (value) =>
        options.find((option) => option.value === value)?.label ?? `${value} (not in your Stripe catalogue)`,
    )
    .join('; ')
}

/**
 * The line under a catalogue box: what the chosen ids are, or why the catalogue cannot be read and an
 * id has to be typed; null when there is nothing to say.
 */
export function catalogNote(
  catalog: StripePlansState | null,
  noun: 'price' | 'product',
  ids: readonly string[],
  options: readonly CatalogOption[] | null,
): string | null {
  if (catalog?.status === 'error')
    return `Your Stripe catalogue could not be read (${catalog.error.message}): type a Stripe ${noun} id.`
  return describeIds(ids.filter(Boolean), options)
}
