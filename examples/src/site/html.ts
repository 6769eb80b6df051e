/** HTML helpers for the sandbox pages (server-rendered strings: no framework, nothing to build). */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A value for a JS literal inside an inline <script>: JSON that cannot close the element. */
export function scriptValue(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
}

/** ` nonce="…"` when the page has one, else nothing. */
export const nonceAttr = (nonce: string | undefined) => (nonce ? ` nonce="${escapeHtml(nonce)}"` : '')

/**
 * Puts a nonce on the snippet's <script> tag, as a merchant whose pages send a CSP does when pasting it
 * into a template (`<script nonce="{{ nonce }}">`). The snippet text itself is left as copied.
 */
export function withNonce(snippet: string, nonce: string | undefined): string {
  if (!nonce) return snippet
  return snippet.replace(/^<script(?=[\s>])/, `<script nonce="${escapeHtml(nonce)}"`)
}

/** The merchant's own look: plain, so the widget's dialog is easy to tell apart from the page. */
export const SITE_CSS = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#f8fafc;line-height:1.5}
header.site{background:#0f172a;color:#f8fafc;padding:12px 24px;display:flex;gap:24px;align-items:center;flex-wrap:wrap}
header.site a{color:#e2e8f0}
header.site strong{font-size:18px}
main{max-width:760px;margin:24px auto;padding:0 24px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px 20px;margin:16px 0}
.picker ul{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:6px}
.picker a{display:inline-block;padding:4px 10px;border:1px solid #cbd5e1;border-radius:999px;text-decoration:none;color:#1e293b;font-size:14px}
.picker a[aria-current="true"]{background:#1e293b;color:#fff;border-color:#1e293b}
.cancel{color:#b91c1c}
.note{color:#475569;font-size:14px}
table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0;vertical-align:top}
#outcome:empty{display:none}
#outcome{background:#ecfdf5;border-color:#a7f3d0}
`
