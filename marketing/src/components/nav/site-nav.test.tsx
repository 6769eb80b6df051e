import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { NAV_HINT_STORAGE_KEY } from './nav-hint'
import { SiteNav } from './site-nav'

const HINT = {
  accountId: 'acct_42',
  accountName: 'Northwind Coffee',
  accountSlug: 'northwind',
  email: 'ops@northwind.test',
  canEditConfig: true,
  billingPortalUrl: 'https://billing.example.com/p/session_1',
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})

function mainNav(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Main' })
}

function productsButton(): HTMLElement {
  return within(mainNav()).getByRole('button', { name: 'Products' })
}

describe('SiteNav dropdowns', () => {
  it('ArrowDown opens the panel and moves focus into it; arrows move between links', () => {
    render(<SiteNav />)
    const button = productsButton()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.focus()
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toContain('Cancel Flow Builder')
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' })
    expect(document.activeElement?.textContent).toContain('Reactivation Banner')
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' })
    expect(document.activeElement?.textContent).toContain('Cancel Flow Builder')
  })

  it('Escape closes the panel and returns focus to its button', () => {
    render(<SiteNav />)
    const button = productsButton()
    button.focus()
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('Enter and Space activate the native button, which toggles the panel', () => {
    render(<SiteNav />)
    const button = productsButton()
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.getAttribute('aria-controls')).toBe('nav-products-panel')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('closes when focus moves on out of the menu (Tab)', () => {
    render(<SiteNav />)
    const button = productsButton()
    button.focus()
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    const next = within(mainNav()).getByRole('button', { name: 'Resources' })
    act(() => next.focus())
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('lists payment recovery as a disabled Coming Soon item, not a link', () => {
    render(<SiteNav />)
    const panel = document.getElementById('nav-products-panel') as HTMLElement
    expect(within(panel).queryByRole('link', { name: /Payment Recovery/ })).toBeNull()
    expect(within(panel).getByText('Coming Soon')).toBeTruthy()
  })
})

describe('SiteNav signed out', () => {
  it('shows Log In and Start Free', () => {
    render(<SiteNav />)
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login/')
    expect(screen.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/signup/')
    expect(within(mainNav()).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing/')
  })
})

describe('SiteNav signed in (from the console hint)', () => {
  it('swaps in Dashboard, Editor and the account menu', () => {
    localStorage.setItem(NAV_HINT_STORAGE_KEY, JSON.stringify(HINT))
    render(<SiteNav />)
    const nav = mainNav()
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard/?account_id=acct_42',
    )
    expect(within(nav).getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe(
      '/editor/?account_id=acct_42',
    )
    expect(within(nav).queryByRole('button', { name: 'Products' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull()

    const account = within(nav).getByRole('button', { name: 'Northwind Coffee' })
    fireEvent.click(account)
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '') as HTMLElement
    const plan = within(panel).getByRole('link', { name: /Plan/ })
    expect(plan.getAttribute('href')).toBe(HINT.billingPortalUrl)
    expect(plan.getAttribute('target')).toBe('_blank')
    expect(
      within(panel)
        .getByRole('link', { name: /Billing/ })
        .getAttribute('href'),
    ).toBe(HINT.billingPortalUrl)
    expect(within(panel).getByRole('link', { name: 'Log Out' }).getAttribute('href')).toBe('/logout/')
  })

  it('hides the Editor link without canEditConfig and falls back to settings for billing', () => {
    localStorage.setItem(
      NAV_HINT_STORAGE_KEY,
      JSON.stringify({ ...HINT, canEditConfig: false, accountName: '', billingPortalUrl: undefined }),
    )
    render(<SiteNav />)
    const nav = mainNav()
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy()
    expect(within(nav).queryByRole('link', { name: 'Editor' })).toBeNull()
    const account = within(nav).getByRole('button', { name: 'northwind' })
    fireEvent.click(account)
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(within(panel).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe(
      '/settings/?tab=billing',
    )
  })

  it('returns to the marketing navigation when the hint is removed in another tab', () => {
    localStorage.setItem(NAV_HINT_STORAGE_KEY, JSON.stringify(HINT))
    render(<SiteNav />)
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toBeTruthy()
    localStorage.removeItem(NAV_HINT_STORAGE_KEY)
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: NAV_HINT_STORAGE_KEY }))
    })
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).toBeNull()
    expect(productsButton()).toBeTruthy()
  })
})

describe('mobile drawer', () => {
  it('opens as a dialog with focus inside, closes on Escape and returns focus to the toggle', () => {
    render(<SiteNav />)
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle.getAttribute('aria-haspopup')).toBe('dialog')
    fireEvent.click(toggle)
    const dialog = document.getElementById('mobile-menu') as HTMLDialogElement
    expect(dialog.open).toBe(true)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(within(dialog).getByRole('link', { name: 'Start Free' })).toBeTruthy()

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    expect(dialog.open).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })
})
