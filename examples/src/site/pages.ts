import type { PageRequest, SiteContext } from './context'
import { FALLBACK_PATH } from './context'
import { escapeHtml, nonceAttr } from './html'
import { accountCard, attachScript, picker, shell } from './layout'
import { SCENARIOS } from './scenarios'

/** The sandbox's pages, each a function of the request (who is signed in, the page's nonce). */

export function indexPage(ctx: SiteContext, request: PageRequest): string {
  const name = (key: string) => ctx.subscribers.find((s) => s.key === key)
  const rows = SCENARIOS.map((scenario) => {
    const picks = scenario.pick
      .map((key) => name(key))
      .filter((s) => s !== undefined)
      .map(
        (s) =>
          `<a href="${scenario.path}?customer=${encodeURIComponent(s.customerId)}">${escapeHtml(s.name)}</a>`,
      )
      .join(', ')
    return `<tr><td><a href="${scenario.path}"><strong>${escapeHtml(scenario.title)}</strong></a>${
      scenario.hostile ? ' <span class="note">(hostile host)</span>' : ''
    }</td><td>${escapeHtml(scenario.shows)}</td><td>${picks}</td></tr>`
  }).join('\n')
  const people = ctx.subscribers
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name)}</td><td>${escapeHtml(s.plan)}</td><td>${escapeHtml(s.what)}</td><td><code>${escapeHtml(s.customerId)}</code></td></tr>`,
    )
    .join('\n')
  return shell({
    title: 'Examples',
    request,
    body: `<h1>Retainkit sandbox</h1>
<p>Example merchant sites for <strong>Acme Cloud</strong>, a Retainkit account on <code>${escapeHtml(ctx.retainkitUrl)}</code>
billing through a Stripe fake. Open a page, pick a subscriber, click <em>Cancel subscription</em>.</p>
<section class="card"><h2>Examples</h2>
<table><thead><tr><th>Page</th><th>What it shows</th><th>Pick</th></tr></thead><tbody>
${rows}
</tbody></table></section>
<section class="card"><h2>Test subscribers</h2>
<table><thead><tr><th>Subscriber</th><th>Plan</th><th>What you will see</th><th>Stripe customer</th></tr></thead><tbody>
${people}
</tbody></table>
<p class="note">Tokens come from this site's backend: <code>GET /token?customer=…</code> signs them with the account's widget secret, which never reaches the browser.</p>
</section>`,
  })
}

/** The plain HTML account page: the snippet in <head>, a cancel link attached. */
export function accountPage(
  ctx: SiteContext,
  request: PageRequest,
  options: { banner?: boolean } = {},
): string {
  return shell({
    title: options.banner ? 'Welcome back' : 'Your account',
    request,
    head: ctx.snippet(request.nonce),
    body: `${picker(ctx, request, options.banner ? ['paused', 'scheduled', 'churned'] : undefined)}
<h1>${options.banner ? 'Welcome back' : 'Your account'}</h1>
${accountCard(ctx, request, FALLBACK_PATH)}
${attachScript(request, options)}`,
  })
}

/**
 * Aggressive global CSS of the kind themes and resets ship: everything re-set with !important,
 * buttons and form controls restyled, a 10px root font size. The widget's shadow root must not care.
 */
export const HOSTILE_CSS = `
html{font-size:10px!important}
*,*::before,*::after{margin:0!important;padding:0!important;border:0!important;box-sizing:content-box!important;font-family:"Courier New",monospace!important;line-height:3!important;letter-spacing:.2em!important;text-transform:uppercase!important;color:#0a0!important;background:transparent!important}
div,section,p{position:relative!important;z-index:1!important;display:inline!important;max-width:300px!important;transform:translateZ(0)!important}
button,[role=button],input,select,textarea,label{all:unset!important;font-size:30px!important;background:#ff0!important;color:#f0f!important;border:3px dashed red!important;width:20px!important;height:20px!important;overflow:hidden!important}
h1,h2{font-size:5rem!important}
body{font-size:1.2rem!important}
`

export function hostileCssPage(ctx: SiteContext, request: PageRequest): string {
  return shell({
    title: 'Aggressive CSS',
    request,
    head: ctx.snippet(request.nonce),
    extraCss: HOSTILE_CSS,
    body: `${picker(ctx, request)}
<h1>Your account</h1>
<p class="note">This page's stylesheet resets everything with !important.</p>
${accountCard(ctx, request, FALLBACK_PATH)}
${attachScript(request)}`,
  })
}

/** The strict policy: nonce + 'strict-dynamic' for scripts, no 'unsafe-inline' anywhere. */
export function strictCsp(ctx: SiteContext, nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `connect-src 'self' ${ctx.retainkitUrl}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function strictCspPage(ctx: SiteContext, request: PageRequest): string {
  return shell({
    title: 'Strict CSP',
    request,
    head: `${ctx.snippet(request.nonce)}
<script${nonceAttr(request.nonce)}>
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });
</script>`,
    body: `${picker(ctx, request)}
<h1>Your account</h1>
<p class="note">This page sends <code>Content-Security-Policy: script-src 'nonce-…' 'strict-dynamic'</code> and allows no inline script or style without its nonce.</p>
${accountCard(ctx, request, FALLBACK_PATH)}
${attachScript(request)}`,
  })
}

/** The snippet twice: once in <head> (the theme) and once at the end of <body> (a plugin). */
export function doubleSnippetPage(ctx: SiteContext, request: PageRequest): string {
  return shell({
    title: 'Snippet twice',
    request,
    head: ctx.snippet(request.nonce),
    body: `${picker(ctx, request)}
<h1>Your account</h1>
<p class="note">The install snippet is on this page twice.</p>
${accountCard(ctx, request, FALLBACK_PATH)}
${attachScript(request)}
${ctx.snippet(request.nonce)}`,
  })
}

/** The page a tag manager serves: no snippet in the HTML, a container script that injects it. */
export function tagManagerPage(ctx: SiteContext, request: PageRequest): string {
  return shell({
    title: 'Tag manager',
    request,
    head: `<script>window.dataLayer = window.dataLayer || [];</script>
<script async src="/gtm.js?id=GTM-SANDBOX"></script>`,
    body: `${picker(ctx, request)}
<h1>Your account</h1>
<p class="note">The snippet is not in this page: the tag manager container (<code>/gtm.js</code>) injects it as a Custom HTML tag.</p>
${accountCard(ctx, request, FALLBACK_PATH)}
<script>
// The account page pushes the subscriber token its backend minted; the tag reads it at click time.
fetch('/token?customer=' + encodeURIComponent(${JSON.stringify(request.subscriber.customerId)}))
  .then(function (r) { return r.json(); })
  .then(function (body) { window.dataLayer.push({ event: 'retainkit_token', retainkitToken: body.token }); });
</script>`,
  })
}

/** The merchant's own cancel page, where a click goes when the widget steps aside (fail-open). */
export function fallbackPage(ctx: SiteContext, request: PageRequest): string {
  return shell({
    title: 'Cancel',
    request,
    body: `<h1>Cancel your subscription</h1>
<p class="card">This is the merchant's own cancel page. You reach it only if the widget steps aside
(it could not load, or did not answer within 3 seconds): a cancel flow never traps anyone.</p>
<p><a href="/account?customer=${encodeURIComponent(request.subscriber.customerId)}">Back to your account</a> · <a href="/">All examples</a></p>
<p class="note">${escapeHtml(ctx.accountId)}</p>`,
  })
}
