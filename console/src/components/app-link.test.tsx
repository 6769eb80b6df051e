import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { registerConsoleCleanup } from '../test-support/render-console'
import { AppLink, accountHref, isConsolePath } from './app-link'

registerConsoleCleanup()

describe('AppLink (routes.name placeholders)', () => {
  it('resolves routes.name in the target and in text, navigating inside the app for console routes', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/start',
          element: (
            <>
              <AppLink to="routes.settings?tab=install">Open routes.settings</AppLink>
              <AppLink to="routes.pricing">Pricing</AppLink>
              <AppLink to="routes.nope">Typo</AppLink>
            </>
          ),
        },
        { path: '/settings', element: <p>Settings route</p> },
      ],
      { initialEntries: ['/start'] },
    )
    render(<RouterProvider router={router} />)
    const settings = screen.getByRole('link', { name: 'Open /settings/' })
    expect(settings.getAttribute('href')).toBe('/settings/?tab=install')
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing/')
    // An unknown name stays visible instead of becoming a broken link.
    expect(screen.getByRole('link', { name: 'Typo' }).getAttribute('href')).toBe('routes.nope')
    await userEvent.setup().click(settings)
    expect(await screen.findByText('Settings route')).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=install')
  })

  it('knows which paths the console renders', () => {
    expect(isConsolePath('/dashboard/?account_id=a')).toBe(true)
    expect(isConsolePath('/settings/')).toBe(true)
    expect(isConsolePath('/auth/callback')).toBe(true)
    expect(isConsolePath('/pricing/')).toBe(false)
    expect(isConsolePath('//evil.example/dashboard/')).toBe(false)
    expect(isConsolePath('https://x.io/dashboard/')).toBe(false)
  })

  it('builds dashboard and editor links with the account id', () => {
    expect(accountHref('dashboard', 'acme co')).toBe('/dashboard/?account_id=acme%20co')
    expect(accountHref('editor', 'acme')).toBe('/editor/?account_id=acme')
    expect(accountHref('editor', null)).toBe('/editor/')
  })
})
