import type { StatutoryKind, StatutoryPage, StatutoryResponse } from '@retainkit/shared/widget-api'
import type { ChunkArgs } from './types'

/**
 * The statutory cancellation page (mode `statutory_button`: Germany's § 312k BGB, the EU withdrawal
 * function), drawn instead of the flow: only the fields the law lists — the kind of termination (and the
 * reason for an extraordinary one), the name, the contract, when it should end, the e-mail for the
 * confirmation — prefilled from what the server knows, then one button ("jetzt kündigen"). The server
 * carries the declaration out, sends the confirmation by e-mail at once and answers it; the page then
 * shows it (the date and time of receipt, the reference) until the subscriber closes it.
 *
 * Built as its own chunk (widget/rollup.config.mjs), loaded only when the session's mode needs it.
 * Written with `h` calls rather than JSX: it draws with the bundle's Preact, handed over at run time.
 */

/** Inputs the bundle's sheet leaves unstyled (it styles only selects and text areas). */
const CSS =
  'input:not([type=radio]){display:block;width:100%;padding:10px;border:1px solid var(--rk-border);border-radius:var(--rk-radius);background:var(--rk-bg)}.c{margin:0 0 12px}'

interface State {
  kind: StatutoryKind
  reason: string
  name: string
  contract: string
  /** 'earliest' or a date (YYYY-MM-DD). */
  effective: string
  email: string
  /** The field whose message shows (one at a time, focused). */
  invalid: keyof State | null
  error: string | null
  sending: boolean
  done: StatutoryResponse | null
}

type H = ChunkArgs[0]
type Set = (change: Partial<State>) => void

/** The first field the law needs that is missing or wrong, with its message. */
const check = (state: State, words: StatutoryPage['words'], today: string): [keyof State, string] | null => {
  if (state.kind === 'extraordinary' && !state.reason.trim()) return ['reason', words.required]
  if (!state.name.trim()) return ['name', words.required]
  if (!state.contract.trim()) return ['contract', words.required]
  if (state.effective !== 'earliest' && !(state.effective >= today)) return ['effective', words.invalid_date]
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(state.email.trim())) return ['email', words.invalid_email]
  return null
}

const field = (
  h: H,
  state: State,
  name: 'name' | 'contract' | 'email' | 'reason',
  label: string,
  type = 'text',
) =>
  h(
    'label',
    { className: 'f' },
    h('span', null, label),
    h(name === 'reason' ? 'textarea' : 'input', {
      name,
      type,
      value: state[name],
      required: true,
      autoComplete: name === 'name' ? 'name' : name === 'email' ? 'email' : 'off',
      'aria-invalid': state.invalid === name || undefined,
      'aria-describedby': state.invalid === name ? 'rk-error' : undefined,
      onInput: (event: Event) => {
        state[name] = (event.currentTarget as HTMLInputElement).value
      },
    }),
  )

const radio = (h: H, group: string, checked: boolean, label: string, onChange: () => void) =>
  h('label', { className: 'r' }, h('input', { type: 'radio', name: group, checked, onChange }), label)

/** When the contract should end: at the earliest date, or on a date the subscriber picks. */
const timeFieldset = (h: H, words: StatutoryPage['words'], state: State, set: Set, today: string) =>
  h(
    'fieldset',
    null,
    h('legend', { className: 'c' }, words.time_legend),
    radio(h, 'time', state.effective === 'earliest', words.time_earliest, () =>
      set({ effective: 'earliest' }),
    ),
    radio(h, 'time', state.effective !== 'earliest', words.time_date, () => set({ effective: today })),
    state.effective === 'earliest'
      ? null
      : h('input', {
          name: 'effective',
          type: 'date',
          min: today,
          value: state.effective,
          'aria-label': words.time_date,
          'aria-invalid': state.invalid === 'effective' || undefined,
          onInput: (event: Event) => {
            state.effective = (event.currentTarget as HTMLInputElement).value
          },
        }),
  )

/** The declaration's form: only the fields the law lists, then the one button. */
const form = (
  h: H,
  page: StatutoryPage,
  state: State,
  set: Set,
  submit: (event: Event) => void,
  today: string,
) => {
  const { words } = page
  const withdrawal = page.variant === 'withdrawal'
  const kindLabel: Record<StatutoryKind, string> = {
    ordinary: words.kind_ordinary,
    extraordinary: words.kind_extraordinary,
    withdrawal: words.kind_withdrawal,
  }
  return h(
    'form',
    { onSubmit: submit, noValidate: true },
    h(
      'h2',
      { id: 'rk-title', tabIndex: -1 },
      withdrawal ? words.withdrawal_headline : words.termination_headline,
    ),
    h('p', { className: 's' }, withdrawal ? words.withdrawal_intro : words.termination_intro),
    page.kinds.length > 1 || !withdrawal
      ? h(
          'fieldset',
          null,
          h('legend', { className: 'c' }, words.kind_legend),
          page.kinds.map((kind) =>
            radio(h, 'kind', state.kind === kind, kindLabel[kind], () => set({ kind })),
          ),
        )
      : null,
    state.kind === 'extraordinary' ? field(h, state, 'reason', words.reason_label) : null,
    field(h, state, 'name', words.name_label),
    field(h, state, 'contract', words.contract_label),
    state.kind === 'withdrawal' ? null : timeFieldset(h, words, state, set, today),
    field(h, state, 'email', words.email_label, 'email'),
    h(
      'div',
      { role: 'alert', id: 'rk-error', tabIndex: -1 },
      state.error ? h('p', { className: 'e' }, state.error) : null,
    ),
    h(
      'button',
      { type: 'submit', className: 'p', 'aria-disabled': state.sending || undefined },
      withdrawal ? words.submit_withdrawal : words.submit_termination,
    ),
  )
}

/** What the server answered: the receipt (its date and time, the reference) until the subscriber closes it. */
const received = (h: H, done: StatutoryResponse, close: () => void, closeLabel: string) =>
  h(
    'div',
    null,
    h('h2', { id: 'rk-title', tabIndex: -1 }, done.headline),
    h('p', null, done.text),
    h('button', { type: 'button', className: 'p', onClick: close }, closeLabel),
  )

export default function statutory(
  ...[h, render, mount, start, tokens, api, strings, _flow, finish]: ChunkArgs
) {
  const page = start.statutory as StatutoryPage
  const state: State = {
    kind: page.kinds[0] as StatutoryKind,
    reason: '',
    name: page.name,
    contract: page.contract,
    effective: 'earliest',
    email: page.email,
    invalid: null,
    error: null,
    sending: false,
    done: null,
  }
  const set: Set = (change) => {
    Object.assign(state, change)
    draw()
  }
  const close = () => finish(state.done ? { outcome: 'canceled' } : { outcome: 'closed' })
  const today = new Date().toISOString().slice(0, 10)

  const submit = (event: Event) => {
    event.preventDefault()
    if (state.sending) return
    const wrong = check(state, page.words, today)
    if (wrong) {
      set({ invalid: wrong[0], error: wrong[1] })
      return (mount.querySelector(`[name=${wrong[0]}]`) as HTMLElement | null)?.focus()
    }
    set({ invalid: null, error: null, sending: true })
    const { kind, reason, name, contract, effective, email } = state
    const body = {
      kind,
      ...(kind === 'extraordinary' ? { reason } : {}),
      name,
      contract,
      effective: kind === 'withdrawal' ? 'earliest' : effective,
      email,
    }
    tokens
      .use((token) => api.act(token, start.sessionId, 'statutory', body))
      .then(
        (done) => set({ done: done as StatutoryResponse, sending: false }),
        // The server's words are for developers: the subscriber reads the widget's own.
        () => set({ sending: false, error: strings.call_failed }),
      )
      .then(() => (mount.querySelector(state.done ? 'h2' : '[role=alert]') as HTMLElement | null)?.focus())
  }

  const draw = () =>
    render(
      h(
        'dialog',
        {
          className: 'd',
          lang: page.lang,
          dir: page.dir,
          'aria-labelledby': 'rk-title',
          'aria-busy': state.sending || undefined,
          ref: (dialog: HTMLDialogElement | null) => dialog && !dialog.open && dialog.showModal(),
          onCancel: (event: Event) => {
            event.preventDefault()
            close()
          },
          onKeyDown: (event: KeyboardEvent) => event.key === 'Escape' && event.stopPropagation(),
        },
        h('style', null, CSS),
        h(
          'div',
          { className: 'y' },
          state.done
            ? received(h, state.done, close, strings.close)
            : form(h, page, state, set, submit, today),
        ),
      ),
      mount,
    )

  draw()
  ;(mount.querySelector('h2') as HTMLElement | null)?.focus()
}
