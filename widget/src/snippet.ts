/**
 * The install snippet: the one source of the text merchants paste (console install page, README, docs,
 * examples). Zod-free and dependency-free so the console can import it as is.
 *
 * The stub is ES5 on purpose: it runs before anything else on pages we do not control, in old browsers
 * and inside Google Tag Manager's Custom HTML tags (which reject newer syntax). It:
 * - does nothing when `window.Retainkit` already exists, so a second copy of the snippet is harmless;
 * - defines `Retainkit(...)` that queues each call and returns a Promise settled once the loader replays
 *   it (when the browser has Promise), so `Retainkit('showCancelFlow', …).then(…)` works before load;
 * - inserts the loader `async`, copying the running script's nonce (or, when the script is not known,
 *   the nonce of any `script[nonce]`), so a policy with a nonce and 'strict-dynamic' allows it.
 */

/** Parameters: w = window, d = document, u = loader URL, n = global name. Minified by hand; keep ES5. */
export const SNIPPET_STUB =
  'function(w,d,u,n){if(w[n])return;var q=[],f=w[n]=function(){var e=[arguments],p;' +
  'if(w.Promise)p=new w.Promise(function(r,j){e.push(r,j)});q.push(e);return p};f.q=q;' +
  'var c=d.currentScript||d.querySelector("script[nonce]"),s=d.createElement("script"),' +
  'o=c&&(c.nonce||c.getAttribute("nonce"));s.async=true;s.src=u;if(o)s.setAttribute("nonce",o);' +
  '(d.head||d.documentElement).appendChild(s)}'

/** The global the stub and the loader share. */
export const GLOBAL_NAME = 'Retainkit'

export interface SnippetOptions {
  /** The merchant's Retainkit account id. */
  accountId: string
  /** Absolute URL of the loader, e.g. `https://retainkit.example/w/loader.js`. */
  loaderUrl: string
  /** The page's CSP nonce, when the merchant renders the snippet server-side with one. */
  nonce?: string
  /** 'test' on development and staging sites: test-mode tokens, and localhost origins allowed. */
  mode?: 'live' | 'test'
}

export interface TagManagerSnippetOptions {
  accountId: string
  loaderUrl: string
  mode?: 'live' | 'test'
  /**
   * Name of a GTM variable holding the page's CSP nonce (e.g. `Nonce`): rendered as `nonce="{{Nonce}}"`,
   * which GTM fills in when it injects the tag.
   */
  nonceVariable?: string
  /** Also attach the cancel flow to a cancel link/button, taking the subscriber token from a GTM variable. */
  attach?: { selector: string; tokenVariable: string }
}

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/
const GTM_VARIABLE = /^[\w .-]{1,100}$/

/** A JS literal that is also safe inside an HTML <script> element (no `</script>`, no `<!--`). */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function htmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function checked(accountId: string, loaderUrl: string): void {
  if (!ACCOUNT_ID.test(accountId)) throw new TypeError(`Invalid Retainkit account id: ${accountId}`)
  let protocol = ''
  try {
    protocol = new URL(loaderUrl).protocol
  } catch {
    // Reported below: a relative or malformed URL would load nothing from the merchant's pages.
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new TypeError(`The loader URL must be an absolute http(s) URL: ${loaderUrl}`)
  }
}

/** The stub call and the init call, without the <script> tag. */
function body(accountId: string, loaderUrl: string, mode: 'live' | 'test' | undefined): string {
  const init = mode === 'test' ? { accountId, mode } : { accountId }
  return (
    `(${SNIPPET_STUB})(window,document,${scriptLiteral(loaderUrl)},${scriptLiteral(GLOBAL_NAME)});\n` +
    `${GLOBAL_NAME}("init",${scriptLiteral(init)});`
  )
}

/** The HTML to paste before `</head>` (or anywhere in the page). */
export function snippetFor({ accountId, loaderUrl, nonce, mode }: SnippetOptions): string {
  checked(accountId, loaderUrl)
  const nonceAttribute = nonce ? ` nonce="${htmlAttribute(nonce)}"` : ''
  return `<script${nonceAttribute}>\n${body(accountId, loaderUrl, mode)}\n</script>`
}

/**
 * The same snippet as a Google Tag Manager Custom HTML tag. GTM injects Custom HTML itself: under a CSP
 * with a nonce, the tag needs `nonce="{{Nonce}}"` from a GTM variable (GTM passes the attribute on), and
 * the loader it inserts is then trusted through 'strict-dynamic'. The subscriber token is read from a GTM
 * variable (e.g. a Data Layer Variable) at click time, so the page can push it whenever it has one.
 */
export function snippetForTagManager({
  accountId,
  loaderUrl,
  mode,
  nonceVariable,
  attach,
}: TagManagerSnippetOptions): string {
  checked(accountId, loaderUrl)
  for (const name of [nonceVariable, attach?.tokenVariable]) {
    if (name !== undefined && !GTM_VARIABLE.test(name)) throw new TypeError(`Invalid GTM variable: ${name}`)
  }
  const nonceAttribute = nonceVariable ? ` nonce="{{${nonceVariable}}}"` : ''
  const attachCall = attach
    ? `\n${GLOBAL_NAME}("attach",${scriptLiteral(attach.selector)},{getToken:function(){return {{${attach.tokenVariable}}}}});`
    : ''
  return `<script${nonceAttribute}>\n${body(accountId, loaderUrl, mode)}${attachCall}\n</script>`
}
