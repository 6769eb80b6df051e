/**
 * Every page of the sandbox, as the index lists it: where it is, what it shows, and which test
 * subscriber to pick there (a `SandboxSubscriber.key`).
 */
export interface Scenario {
  path: string
  title: string
  shows: string
  pick: string[]
  /** Hostile hosts: the widget must look and work exactly as on the plain page. */
  hostile?: boolean
}

export const SCENARIOS: readonly Scenario[] = [
  {
    path: '/account',
    title: 'Plain HTML account page',
    shows:
      'The snippet in <head> and a "Cancel subscription" link handed to Retainkit("attach"). Click it for the cancel flow.',
    pick: ['monthly', 'annual', 'discounted', 'minnesota'],
  },
  {
    path: '/welcome-back',
    title: 'Reactivation banner',
    shows:
      'Retainkit("showReactivation") on load: a banner for subscribers who paused, are about to leave, or left.',
    pick: ['paused', 'scheduled', 'churned'],
  },
  {
    path: '/spa/',
    title: 'React single-page app',
    shows:
      'Client-side routing (Vite build): the cancel button exists only on the Billing route and is mounted and unmounted as you navigate; one attach call by selector covers it.',
    pick: ['monthly', 'annual'],
  },
  {
    path: '/tag-manager',
    title: 'Tag manager',
    shows:
      'No snippet in the page: a tag-manager container injects it at runtime as a Custom HTML tag (snippetForTagManager), reading the token from the data layer.',
    pick: ['monthly'],
  },
  {
    path: '/hostile-css',
    title: 'Aggressive global CSS',
    shows:
      'Resets on *, !important rules on buttons and inputs, html{font-size:10px}: the widget lives in a shadow root and looks the same.',
    pick: ['monthly'],
    hostile: true,
  },
  {
    path: '/strict-csp',
    title: 'Strict Content-Security-Policy',
    shows:
      "script-src 'nonce-…' 'strict-dynamic', no 'unsafe-inline' anywhere: the snippet carries the nonce and the loader passes it on.",
    pick: ['monthly'],
    hostile: true,
  },
  {
    path: '/double-snippet',
    title: 'Snippet included twice',
    shows:
      'The snippet pasted twice (theme and plugin both added it): the second copy does nothing, one loader, one dialog.',
    pick: ['monthly'],
    hostile: true,
  },
]
