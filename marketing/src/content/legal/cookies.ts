import type { Article } from '../types'

export const cookies: Article = {
  route: 'cookies',
  title: 'Cookie Policy',
  description:
    'Retainkit sets no tracking cookies. What the website, the console and the widget store in your browser, why, and how to clear it, listed item by item.',
  lead: 'Short version: Retainkit does not use tracking cookies, advertising cookies or analytics cookies, on our own website or on the sites of the businesses that use us. We keep a small amount of data in your browser’s local storage where a feature needs it, and this page lists every item. Effective 1 January 2025; last updated 21 November 2026.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Cookies and local storage, briefly',
      blocks: [
        {
          type: 'p',
          text: 'A **cookie** is a small file a website asks your browser to keep and send back with every request to that site. Cookies are often used to recognise visitors across visits and, when set by third parties, across different websites. **Local storage** is a similar place in your browser where a site can keep data, with one important difference: it stays on your device and is not sent to any server automatically. A page can only read the local storage of its own site.',
        },
        {
          type: 'p',
          text: 'Where we need to remember something, we use local storage and keep it to the minimum. Laws such as the EU’s ePrivacy rules treat both the same way: storage that is strictly necessary for a service you asked for does not need consent, and anything else does. Everything listed on this page is strictly necessary for the feature it supports.',
        },
      ],
    },
    {
      heading: 'Our marketing website',
      blocks: [
        {
          type: 'p',
          text: 'The public pages of the Retainkit website — the home page, product and solution pages, guides, pricing and these legal pages — set **no cookies at all** and load no third-party trackers, analytics scripts or advertising pixels. If you are already signed in to the console in the same browser, the website checks whether a sign-in session is present so that it can show a link to your dashboard instead of the “Log In” button. It reads that entry; it never creates or changes one.',
        },
        {
          type: 'p',
          text: 'The contact form and the payment-recovery waitlist send what you type to our server when you submit them. Nothing is stored in your browser.',
        },
      ],
    },
    {
      heading: 'The console',
      blocks: [
        {
          type: 'p',
          text: 'The console is where merchants sign in to edit flows and read analytics. It keeps your sign-in session in local storage, so that you stay signed in when you reload the page or come back later. When you log out, the session is removed. The console sets no cookies of its own.',
        },
        {
          type: 'p',
          text: 'If you sign in with a social sign-in provider, that provider may set cookies on its own website during sign-in, under its own policy. Likewise, the Plan and Billing links in the console open our payment provider’s hosted billing portal, which is governed by that provider’s cookie policy.',
        },
      ],
    },
    {
      heading: 'The widget on merchants’ sites',
      blocks: [
        {
          type: 'p',
          text: 'Businesses that use Retainkit add our widget to their own sites to show cancel flows and reactivation banners. The widget **sets no cookies** on those sites, and its requests to our servers carry no cookies either: subscribers are identified by a short-lived token that the merchant’s own server provides, not by anything stored in the browser.',
        },
        {
          type: 'p',
          text: 'The widget stores nothing in your browser either. When you dismiss a reactivation banner, the merchant’s Retainkit account records that (not your browser), so the banner stays away for 30 days on every device you use.',
        },
      ],
    },
    {
      heading: 'Every item we store',
      blocks: [
        {
          type: 'table',
          caption: 'Browser storage used by Retainkit',
          head: ['Where', 'Item', 'Type', 'Purpose', 'How long it stays'],
          rows: [
            ['Marketing website', 'None', '—', 'The website stores nothing in your browser', '—'],
            [
              'Console',
              'sb-…-auth-token',
              'Local storage',
              'Keeps you signed in: your session and the token used to renew it',
              'Until you log out or the session expires',
            ],
            [
              'Console',
              'sb-…-auth-token-code-verifier',
              'Local storage',
              'A one-time security code that protects the sign-in link or social sign-in from being intercepted',
              'Removed when sign-in completes',
            ],
            [
              'Widget, on a merchant’s site',
              'None',
              'Local storage',
              'The widget stores nothing in your browser. When you dismiss a reactivation banner, the merchant’s Retainkit account records it, so the banner stays away on every device',
              'The banner may come back after 30 days',
            ],
            [
              'Widget, on a merchant’s site',
              'None',
              'Cookies',
              'The widget sets no cookies and sends none with its requests',
              '—',
            ],
          ],
        },
        {
          type: 'p',
          text: 'The “…” in the console’s item names stands for an identifier of the sign-in service your Retainkit deployment uses; the exact name varies between deployments but the purpose does not.',
        },
      ],
    },
    {
      heading: 'How to clear or block it',
      blocks: [
        {
          type: 'p',
          text: 'Every browser lets you see and delete what a site has stored, usually under “site data” or “cookies and site data” in its privacy settings. Clearing Retainkit’s console storage signs you out; clearing a merchant site’s storage changes nothing for the widget, which keeps nothing there. Blocking local storage entirely will prevent you from staying signed in to the console but will not stop you from cancelling a subscription through a Retainkit cancel flow — those work without storing anything.',
        },
      ],
    },
    {
      heading: 'Changes and contact',
      blocks: [
        {
          type: 'p',
          text: 'If we ever add a cookie or storage item, we will list it here before it goes live and update the date at the top of this page. Anything that is not strictly necessary would only ever be used with your consent. For how we handle personal data more generally, see our [Privacy Policy](routes.privacy). Questions are welcome at [privacy@retainkit.example](mailto:privacy@retainkit.example).',
        },
      ],
    },
  ],
}
