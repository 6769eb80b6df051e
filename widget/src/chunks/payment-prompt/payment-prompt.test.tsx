import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import { fireEvent, within } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testHost } from '../../test-support/flow-harness'
import { runPaymentPrompt } from './run'

/** The payment prompt chunk's entry under Preact in happy-dom (the browser suite runs the built chunk). */

const PROMPT: PaymentPrompt = {
  chunk: 'http://localhost:8787/w/payment-prompt.0123abcd.js',
  mode: 'banner',
  link: 'http://localhost:8787/update-payment/abc.def',
  pauseLink: null,
  locale: 'fr',
  dir: 'ltr',
  amount: '49,00 €',
  words: {
    headline: 'Votre paiement a échoué',
    body: "Nous n'avons pas pu encaisser 49,00 € pour Pro.",
    button: 'Mettre à jour ma carte',
    dismiss: 'Plus tard',
    pause: null,
  },
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function show(prompt: PaymentPrompt = PROMPT, options: Record<string, unknown> = {}) {
  const closes: Array<() => void> = []
  const result = runPaymentPrompt(testHost(), ':host{--rk-primary:#123456}', prompt, options, (close) =>
    closes.push(close),
  )
  const element = document.querySelector('[data-retainkit="payment-prompt"]') as HTMLElement | null
  const ui = element?.shadowRoot ? within(element.shadowRoot as unknown as HTMLElement) : null
  return { result, element, ui, closes }
}

describe('the payment prompt', () => {
  it('is a labelled region in the subscriber’s language whose button posts to the signed card-update page', () => {
    const { result, element, ui } = show()
    expect(result).toEqual({ shown: true })
    expect(element?.lang).toBe('fr')
    const region = ui?.getByRole('region', { name: 'Votre paiement a échoué' })
    expect(region?.textContent).toContain('49,00 € pour Pro')
    expect(ui?.queryByRole('dialog')).toBeNull()
    const button = ui?.getByRole('button', { name: 'Mettre à jour ma carte' }) as HTMLButtonElement
    const form = button.form as HTMLFormElement
    expect(form.getAttribute('action')).toBe(PROMPT.link)
    expect(form.method).toBe('post')
    expect(form.target).toBe('_top')
    expect((form.elements.namedItem('action') as HTMLInputElement).value).toBe('update')
  })

  it('goes with its dismiss button or Escape, and tells the page', () => {
    const onDismiss = vi.fn()
    const first = show(PROMPT, { onDismiss })
    fireEvent.click(first.ui?.getByRole('button', { name: 'Plus tard' }) as HTMLElement)
    expect(document.querySelector('[data-retainkit="payment-prompt"]')).toBeNull()
    const second = show(PROMPT, { onDismiss })
    fireEvent.keyDown(second.ui?.getByRole('button', { name: 'Plus tard' }) as HTMLElement, { key: 'Escape' })
    expect(document.querySelector('[data-retainkit="payment-prompt"]')).toBeNull()
    expect(onDismiss).toHaveBeenCalledTimes(2)
  })

  it('as a wall, is a modal dialog that cannot be dismissed, offering the pause when the merchant does', () => {
    const { ui } = show({
      ...PROMPT,
      mode: 'wall',
      pauseLink: PROMPT.link,
      words: { ...PROMPT.words, pause: 'Suspendre 2 mois plutôt' },
    })
    const dialog = ui?.getByRole('dialog', { name: 'Votre paiement a échoué' }) as HTMLDialogElement
    expect(dialog.tagName).toBe('DIALOG')
    expect(ui?.queryByRole('button', { name: 'Plus tard' })).toBeNull()
    const pause = ui?.getByRole('button', { name: 'Suspendre 2 mois plutôt' }) as HTMLButtonElement
    const form = pause.form as HTMLFormElement
    expect((form.elements.namedItem('action') as HTMLInputElement).value).toBe('pause')
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(document.querySelector('[data-retainkit="payment-prompt"]')).not.toBeNull()
  })

  it("hands the prompt to the merchant's onPaymentFailed instead of drawing anything", () => {
    const onPaymentFailed = vi.fn()
    const { result, element } = show(PROMPT, { onPaymentFailed })
    expect(result).toEqual({ shown: false })
    expect(element).toBeNull()
    expect(onPaymentFailed).toHaveBeenCalledWith({
      link: PROMPT.link,
      pauseLink: null,
      mode: 'banner',
      amount: '49,00 €',
      words: PROMPT.words,
    })
  })
})
