import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom'

/**
 * Renders a console page inside a data router (the console's router is one, and the editor's
 * unsaved-changes guard needs it), with a small layout whose links lead away from the page.
 */
export function renderPage(page: ReactElement, options: { path: string; url: string }) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav>
              <Link to="/dashboard/?account_id=acme">Go to dashboard</Link>
            </nav>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: options.path, element: page },
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/settings', element: <h1>Settings page</h1> },
        ].filter((route, index, all) => all.findIndex((other) => other.path === route.path) === index),
      },
    ],
    { initialEntries: [options.url] },
  )
  return { router, ...render(<RouterProvider router={router} />) }
}

/**
 * HTML's rule for a disabled control: its own `disabled`, or a disabled ancestor fieldset (outside that
 * fieldset's first legend). happy-dom does not apply the fieldset half to `:disabled`; browsers do.
 */
export function isDisabled(element: Element): boolean {
  if ((element as HTMLInputElement).disabled) return true
  for (
    let fieldset = element.closest('fieldset[disabled]');
    fieldset;
    fieldset = fieldset.parentElement?.closest('fieldset[disabled]') ?? null
  ) {
    const legend = fieldset.querySelector(':scope > legend')
    if (!legend?.contains(element)) return true
  }
  return false
}
