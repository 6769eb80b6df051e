import { ERROR_BOUNDARY_MAX_RETRIES } from '@retainkit/shared/constants'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { browserLocation } from '../lib/browser-location'
import { loggedErrors, registerConsoleCleanup } from '../test-support/render-console'
import { createErrorId, ErrorBoundary } from './error-boundary'

registerConsoleCleanup()

/** React re-renders a failed tree once on its own, so the child fails for as long as this says so. */
let failing = false
function Flaky() {
  if (failing) throw new Error('render failed')
  return <p>Recovered content</p>
}

function renderFlaky() {
  failing = true
  // React reports caught render errors on console.error; the boundary's own log is what matters here.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  return render(
    <ErrorBoundary>
      <Flaky />
    </ErrorBoundary>,
  )
}

describe('error boundary', () => {
  it("shows 'Something went wrong' with an error ID that is also logged", () => {
    renderFlaky()
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    const id = screen.getByText(/^ERR-/).textContent ?? ''
    expect(id).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]{4}$/)
    const logged = loggedErrors.map((entry) => JSON.stringify(entry))
    expect(logged.some((line) => line.includes(id) && line.includes('error-boundary'))).toBe(true)
  })

  it("'Try Again' renders the content again", async () => {
    const user = userEvent.setup()
    renderFlaky()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(screen.getByText('Recovered content')).toBeTruthy()
  })

  it(`allows ${ERROR_BOUNDARY_MAX_RETRIES} retries, then offers 'Reload Page' which reloads`, async () => {
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => {})
    const user = userEvent.setup()
    renderFlaky()
    for (let attempt = 0; attempt < ERROR_BOUNDARY_MAX_RETRIES; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Try Again' }))
    }
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Reload Page' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('makes error IDs from time and randomness', () => {
    expect(createErrorId(0, 0)).toBe('ERR-0-0000')
    expect(createErrorId(1_700_000_000_000, 0.5)).toBe(
      `ERR-${(1_700_000_000_000).toString(36).toUpperCase()}-I000`,
    )
    expect(createErrorId(1, 0.1)).not.toBe(createErrorId(1, 0.2))
  })
})
