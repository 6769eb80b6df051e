import { snippetFor } from '@retainkit/widget/snippet'
import type { MerchantAccount, Page, PageSource } from './product'

/**
 * A merchant's account page as a real site would serve it: the install snippet from snippetFor (test
 * mode: the site is on localhost), a cancel link handed to `Retainkit('attach', …)` with a `getToken`
 * that asks the merchant's own backend (`/token`, below), and every widget callback written to
 * `window.__retainkit` for the test to read. The page's query names the customer, and may name the
 * language signed into the token (`claim=fr`) and the one passed to attach (`attach=de`), and where the
 * subscriber lives, signed in too (`country=DE`, `state=MN`).
 */
export interface AccountPageOptions {
  productUrl: string
  account: MerchantAccount
  /** Send this CSP (script nonce + 'strict-dynamic', no 'unsafe-inline' for styles). */
  csp?: boolean
  /** Also ask for the reactivation banner on load. */
  banner?: boolean
  /** Hostile page CSS: `html{font-size:10px}` and `body *{all:unset}`, which the shadow root must shrug off. */
  resets?: boolean
  /**
   * The token signed into the page as it is served (`token:`, what the Install page's recipes do "per
   * page view") instead of a `getToken` that asks `/token` on the click.
   */
  tokenInPage?: boolean
}

export const CANCEL_PAGE = '/cancelled-by-merchant'
const NONCE = 'bWVyY2hhbnQtbm9uY2U'

export function accountPage({
  productUrl,
  account,
  csp,
  resets,
  banner,
  tokenInPage,
}: AccountPageOptions): PageSource {
  return (url: URL): Page => {
    const customer = url.searchParams.get('customer') ?? ''
    const claim = url.searchParams.get('claim') ?? ''
    const attachLocale = url.searchParams.get('attach')
    const nonce = csp ? NONCE : undefined
    const attr = nonce ? ` nonce="${nonce}"` : ''
    const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Cloud – Your account</title>
${snippetFor({ accountId: account.accountId, loaderUrl: `${productUrl}/w/loader.js`, nonce, mode: 'test' })}
<script${attr}>
window.__retainkit = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });
function note(name) { return function (value) { window.__retainkit.push({ name: name, value: value }); }; }
function token() { return fetch('/token?${new URLSearchParams({ customer, locale: claim, country: url.searchParams.get('country') ?? '', state: url.searchParams.get('state') ?? '' })}').then(function (r) { return r.text(); }); }
Retainkit('attach', '#cancel', {
  ${tokenInPage ? `token: ${JSON.stringify(account.tokenFor(customer, claim ? { locale: claim } : {}))}` : 'getToken: token'},${
    attachLocale
      ? `
  locale: ${JSON.stringify(attachLocale)},`
      : ''
  }
  onStepChange: note('step'), onSave: note('save'), onCancel: note('cancel'), onClose: note('close')
});${banner ? "\nRetainkit('showReactivation', { getToken: token, onReactivate: note('reactivate'), onDismiss: note('dismiss') }).then(note('banner'));" : ''}
</script>
${resets ? `<style${attr}>html{font-size:10px} body *{all:unset} header,main,p,h1{display:block;margin:8px 0} body{padding:24px;font-family:serif}</style>` : ''}
</head>
<body>
<header><h1>Your account</h1></header>
<main>
<p>You are on the Pro plan.</p>
<p><a id="cancel" href="${CANCEL_PAGE}">Cancel subscription</a></p>
</main>
</body>
</html>`
    const headers: Record<string, string> = csp
      ? {
          'content-security-policy': `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'self' 'nonce-${NONCE}'; connect-src 'self' ${productUrl}; img-src 'self'`,
        }
      : {}
    return { headers, body }
  }
}

/** The merchant's backend: mints the subscriber token for the signed-in customer (here: a query value). */
export function tokenEndpoint(account: MerchantAccount): PageSource {
  return (url: URL) => {
    const claim = (name: 'locale' | 'country' | 'state') =>
      url.searchParams.get(name) ? { [name]: url.searchParams.get(name) as string } : {}
    return {
      headers: { 'content-type': 'text/plain' },
      body: account.tokenFor(url.searchParams.get('customer') ?? '', {
        ...claim('locale'),
        ...claim('country'),
        ...claim('state'),
      }),
    }
  }
}

export const cancelledPage: Page = `<!doctype html><html lang="en"><head><title>Cancel</title></head><body><main><h1>Merchant's own cancel page</h1></main></body></html>`

/** The pages of one merchant site for `account`. */
export function merchantPages(
  productUrl: string,
  account: MerchantAccount,
  options: Omit<AccountPageOptions, 'productUrl' | 'account'> = {},
) {
  return {
    '/account': accountPage({ productUrl, account, ...options }),
    '/welcome-back': accountPage({ productUrl, account, ...options, banner: true }),
    '/strict': accountPage({ productUrl, account, ...options, csp: true, resets: true }),
    '/strict-welcome-back': accountPage({
      productUrl,
      account,
      ...options,
      csp: true,
      resets: true,
      banner: true,
    }),
    '/account-token-in-page': accountPage({ productUrl, account, ...options, tokenInPage: true }),
    '/token': tokenEndpoint(account),
    [CANCEL_PAGE]: cancelledPage,
  }
}
