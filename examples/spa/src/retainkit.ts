/**
 * What the sandbox server put in the page (the signed-in customer, the picker's choices and where
 * Retainkit is), typed for the app. The app itself installs Retainkit with @retainkit/react — the way
 * a merchant's single-page app does — instead of a snippet in index.html.
 */
export interface SandboxBoot {
  customerId: string
  customerName: string
  plan: string
  subscribers: { name: string; customerId: string }[]
  retainkit: { accountId: string; serverUrl: string }
}

export interface SandboxEvent {
  name: string
  value: unknown
}

declare global {
  interface Window {
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

/** The flow's callbacks, recorded for the sandbox's browser suites and turned into the page's status line. */
export function flowListeners(onOutcome: (text: string) => void) {
  const log = window.__sandbox ?? { events: [] }
  window.__sandbox = log
  const note = (name: string) => (value?: unknown) => {
    log.events.push({ name, value: value ?? null })
    const message = (value as { response?: { message?: string } } | undefined)?.response?.message
    if (name === 'save') onOutcome(`Saved: ${message ?? 'you stayed'}`)
    if (name === 'cancel') onOutcome(`Canceled: ${message ?? 'at the end of the period'}`)
  }
  return {
    onStepChange: note('step'),
    onSave: note('save'),
    onCancel: note('cancel'),
    onClose: note('close'),
  }
}
