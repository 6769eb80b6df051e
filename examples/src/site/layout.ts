import type { SandboxSubscriber } from '../subscribers'
import type { PageRequest, SiteContext } from './context'
import { escapeHtml, nonceAttr, SITE_CSS, scriptValue } from './html'

/** The subscriber picker: links, so it works on every page without script (and under any CSP). */
export function picker(ctx: SiteContext, request: PageRequest, keys?: readonly string[]): string {
  const shown = keys ? ctx.subscribers.filter((s) => keys.includes(s.key)) : ctx.subscribers
  const others = keys ? ctx.subscribers.filter((s) => !keys.includes(s.key)) : []
  const link = (s: SandboxSubscriber) =>
    `<li><a href="${escapeHtml(request.path)}?customer=${encodeURIComponent(s.customerId)}"${
      s.customerId === request.subscriber.customerId ? ' aria-current="true"' : ''
    } title="${escapeHtml(s.what)}">${escapeHtml(s.name)}</a></li>`
  return `<nav class="picker card" aria-label="Test subscriber">
<strong>Signed in as</strong> (pick a test subscriber)
<ul>${shown.map(link).join('')}${others.map(link).join('')}</ul>
<p class="note">${escapeHtml(request.subscriber.name)} · ${escapeHtml(request.subscriber.plan)} · ${escapeHtml(request.subscriber.what)}</p>
</nav>`
}

export interface ShellOptions {
  title: string
  request: PageRequest
  /** Extra <head> content (the snippet goes here). */
  head?: string
  /** Hostile CSS after the site's own. */
  extraCss?: string
  body: string
}

/** A merchant page: the site's header, the picker slot and the content. */
export function shell({ title, request, head = '', extraCss = '', body }: ShellOptions): string {
  const n = nonceAttr(request.nonce)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Acme Cloud (Retainkit sandbox)</title>
<style${n}>${SITE_CSS}${extraCss}</style>
${head}
</head>
<body>
<header class="site"><strong>Acme Cloud</strong><a href="/">All examples</a><span>Signed in as ${escapeHtml(request.subscriber.name)}</span></header>
<main>
${body}
</main>
</body>
</html>`
}

/** The account card with the cancel link, and a status line the widget's callbacks fill in. */
export function accountCard(ctx: SiteContext, request: PageRequest, fallbackPath: string): string {
  const { subscriber } = request
  return `<section class="card" aria-labelledby="subscription">
<h2 id="subscription">Your subscription</h2>
<p>${escapeHtml(subscriber.plan)} <span class="note">(${escapeHtml(subscriber.subscriptionId)})</span></p>
<p><a id="cancel-subscription" class="cancel" href="${fallbackPath}?customer=${encodeURIComponent(subscriber.customerId)}">Cancel subscription</a></p>
</section>
<p id="outcome" class="card" role="status"></p>
<p class="note">Account <code>${escapeHtml(ctx.accountId)}</code> on <code>${escapeHtml(ctx.retainkitUrl)}</code>.</p>`
}

/**
 * The merchant's own script: a token from its backend at click time, the cancel link attached, and
 * every callback kept in `window.__sandbox.events` (what the browser suites read) and shown on the page.
 */
export function attachScript(request: PageRequest, options: { banner?: boolean } = {}): string {
  return `<script${nonceAttr(request.nonce)}>
(function () {
  var customer = ${scriptValue(request.subscriber.customerId)};
  var log = (window.__sandbox = window.__sandbox || { events: [] });
  function show(text) { var out = document.getElementById('outcome'); if (out) out.textContent = text; }
  function note(name) {
    return function (value) {
      log.events.push({ name: name, value: value === undefined ? null : value });
      if (name === 'save') show('Saved: ' + ((value && value.response && value.response.message) || (value && value.offer) || 'you stayed'));
      if (name === 'cancel') show('Canceled: ' + ((value && value.response && value.response.message) || 'at the end of the period'));
      if (name === 'reactivate') show('Reactivated: welcome back!');
    };
  }
  function getToken() {
    return fetch('/token?customer=' + encodeURIComponent(customer))
      .then(function (r) { return r.json(); })
      .then(function (body) { return body.token; });
  }
  Retainkit('attach', '#cancel-subscription', {
    getToken: getToken,
    onStepChange: note('step'), onSave: note('save'), onCancel: note('cancel'), onClose: note('close')
  });${
    options.banner
      ? `
  Retainkit('showReactivation', { getToken: getToken, onReactivate: note('reactivate'), onDismiss: note('dismiss') })
    .then(note('banner'));`
      : ''
  }
})();
</script>`
}
