import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from '../components/error-boundary'
import { registerConsoleCleanup } from '../test-support/render-console'
import { retryableLazy } from './retryable-lazy'

registerConsoleCleanup()

function LoadedPage() {
  return <p>The page loaded</p>
}

describe('a lazily loaded page whose code fails to load', () => {
  it('shows the error (not an endless "Loading...") and fetches the code again on Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    let attempts = 0
    const Page = retryableLazy(async () => {
      attempts += 1
      if (attempts === 1)
        throw new TypeError('Failed to fetch dynamically imported module: /app/assets/page.js')
      return { default: LoadedPage }
    })
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    )
    expect(await screen.findByText(/This page could not be loaded/)).toBeTruthy()
    // The failure is kept until a retry is asked for: one attempt, not a loop of them.
    expect(attempts).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('The page loaded')).toBeTruthy()
    expect(attempts).toBe(2)
  })
})
