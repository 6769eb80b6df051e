/**
 * The look of the fake's hosted pages (Connect consent, Checkout, Billing Portal): small, plain HTML
 * forms a browser test can drive by role and label. Everything interpolated goes through `escapeHtml`.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:48px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px #0002}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:20px 0 8px}fieldset{border:0;padding:0;margin:16px 0}
label{display:block;padding:6px 0}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:4px 0}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff}
button.secondary{background:#fff;color:#635bff}a{color:#4f46e5}[role=alert]{color:#b42318}[role=status]{color:#067647}`

/** A whole HTML document around `content`. */
export function htmlDocument(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${STYLE}
</style>
</head>
<body><main>${content}</main></body>
</html>`
}

/** `<input type="hidden">` fields for a form. */
export function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
}

/** "$100.00" for 10000 cents of usd; other currencies by their code. */
export function formatMoney(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2)
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`
}

/** "14 July 2026" (UTC), the date style of the hosted pages. */
export function formatDay(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** Stripe's test cards the hosted pages offer, by what a charge to them does. */
export const TEST_CARDS = [
  { number: '4242424242424242', label: 'Visa •••• 4242 — payments succeed' },
  { number: '4000000000000341', label: 'Visa •••• 0341 — attaches, later payments fail' },
  { number: '4000000000000002', label: 'Visa •••• 0002 — declined' },
] as const
