import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { registerConsoleCleanup } from '../test-support/render-console'
import { GLOBAL_ERROR_TOASTS, installGlobalHandlers } from './global-handlers'
import { toastStore } from './toast-store'

registerConsoleCleanup()

let uninstall: (() => void) | null = null
afterEach(() => {
  uninstall?.()
  uninstall = null
})

describe('global handlers', () => {
  it("an unhandled rejection shows the destructive toast 'Unexpected Error'", async () => {
    uninstall = installGlobalHandlers(window)
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('nobody awaited me') })
    window.dispatchEvent(event)
    await waitFor(() => expect(toastStore.getState().toasts).toHaveLength(1))
    expect(toastStore.getState().toasts[0]).toMatchObject({
      title: 'Unexpected Error',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    })
    expect(GLOBAL_ERROR_TOASTS.unhandledRejection.title).toBe('Unexpected Error')
  })

  it("a script error shows the destructive toast 'Script Error'", async () => {
    uninstall = installGlobalHandlers(window)
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'x is not a function', error: new TypeError('x') }),
    )
    await waitFor(() => expect(toastStore.getState().toasts).toHaveLength(1))
    expect(toastStore.getState().toasts[0]).toMatchObject({
      title: 'Script Error',
      description: 'A script error occurred. Please refresh the page.',
      variant: 'destructive',
    })
  })

  it('stops listening once uninstalled', async () => {
    installGlobalHandlers(window)()
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(toastStore.getState().toasts).toHaveLength(0)
  })
})
