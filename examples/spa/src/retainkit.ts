/**
 * The page's view of the snippet's global and of what the sandbox server put in the page (the
 * signed-in customer and the picker's choices), typed for the app.
 */
export interface SandboxBoot {
  customerId: string
  customerName: string
  plan: string
  subscribers: { name: string; customerId: string }[]
}

export interface SandboxEvent {
  name: string
  value: unknown
}

type RetainkitCall = (command: string, ...args: unknown[]) => Promise<unknown> | undefined

declare global {
  interface Window {
    Retainkit?: RetainkitCall
    __sandboxBoot?: SandboxBoot
    __sandbox?: { events: SandboxEvent[] }
  }
}

export function boot(): SandboxBoot {
  const value = window.__sandboxBoot
  if (!value) throw new Error('The sandbox server did not provide the signed-in customer')
  return value
}

/** The merchant backend mints the subscriber token; the app asks for it only when one is needed. */
export async function getToken(): Promise<string> {
  const response = await fetch(`/token?customer=${encodeURIComponent(boot().customerId)}`)
  const body = (await response.json()) as { token: string }
  return body.token
}

/**
 * One attach call for the whole app, by selector: the loader matches clicks by event delegation, so
 * the cancel button can be mounted and unmounted by the router as often as it likes.
 */
let attached = false

export function attachCancelFlow(onOutcome: (text: string) => void): void {
  if (attached) return
  attached = true
  const log = window.__sandbox ?? { events: [] }
  window.__sandbox = log
  const note = (name: string) => (value?: unknown) => {
    log.events.push({ name, value: value ?? null })
    const message = (value as { response?: { message?: string } } | undefined)?.response?.message
    if (name === 'save') onOutcome(`Saved: ${message ?? 'you stayed'}`)
    if (name === 'cancel') onOutcome(`Canceled: ${message ?? 'at the end of the period'}`)
  }
  window.Retainkit?.('attach', '#cancel-subscription', {
    getToken,
    onStepChange: note('step'),
    onSave: note('save'),
    onCancel: note('cancel'),
    onClose: note('close'),
  })
}
