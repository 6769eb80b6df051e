import vm from 'node:vm'
import { parse } from 'acorn'
import { describe, expect, it } from 'vitest'
import { SNIPPET_STUB, snippetFor, snippetForTagManager } from './snippet'

const LOADER = 'https://app.retainkit.test/w/loader.js'

/** The JavaScript inside the snippet's <script> element. */
const scriptBody = (html: string) => {
  const match = /^<script[^>]*>\n([\s\S]*)\n<\/script>$/.exec(html)
  if (!match?.[1]) throw new Error(`not a single script element: ${html}`)
  return match[1]
}

/** A real ES5 parser: anything newer (arrows, let/const, template literals, classes…) is a syntax error. */
const assertEs5 = (code: string) => {
  expect(() => parse(code, { ecmaVersion: 5, sourceType: 'script' })).not.toThrow()
  // Belt and braces, in words a reviewer can check at a glance.
  expect(code).not.toMatch(/=>|\blet\b|\bconst\b|`|\bclass\b|\.\.\./)
}

interface FakeElement {
  tag: string
  src?: string
  async?: boolean
  attributes: Record<string, string>
  setAttribute(name: string, value: string): void
}

/** A page for the stub: a global object that is also `window`, and a document that records inserts. */
function page(options: { currentScriptNonce?: string; otherNonce?: string; promise?: boolean } = {}) {
  const inserted: FakeElement[] = []
  const element = (tag: string): FakeElement => ({
    tag,
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value
    },
  })
  const script = (nonce?: string) => nonce && { nonce, getAttribute: () => '' }
  const document = {
    currentScript: script(options.currentScriptNonce) || null,
    querySelector: (selector: string) =>
      selector === 'script[nonce]' ? script(options.otherNonce) || null : null,
    createElement: element,
    head: { appendChild: (node: FakeElement) => inserted.push(node) },
  }
  const context = vm.createContext({ document })
  context.window = context
  if (options.promise === false) vm.runInContext('Promise = undefined', context)
  return { context, inserted, run: (code: string) => vm.runInContext(code, context) }
}

describe('SNIPPET_STUB', () => {
  it('is ES5', () => {
    assertEs5(`(${SNIPPET_STUB})`)
  })
})

describe('snippetFor', () => {
  const html = snippetFor({ accountId: 'acct_demo', loaderUrl: LOADER })

  it('is one <script> whose body is ES5: the stub, then init', () => {
    expect(html).toBe(
      `<script>\n(${SNIPPET_STUB})(window,document,"${LOADER}","Retainkit");\nRetainkit("init",{"accountId":"acct_demo"});\n</script>`,
    )
    assertEs5(scriptBody(html))
  })

  it('queues calls (returning promises) and inserts the loader once, async, with the nonce', () => {
    const { inserted, run } = page({ currentScriptNonce: 'n0nce' })
    run(scriptBody(html))
    expect(inserted).toHaveLength(1)
    expect(inserted[0]).toMatchObject({
      tag: 'script',
      src: LOADER,
      async: true,
      attributes: { nonce: 'n0nce' },
    })
    const pending = run('Retainkit("showCancelFlow", {token: "t"})')
    expect(pending).toBeInstanceOf(run('Promise'))
    expect(run('Retainkit.q.length')).toBe(2)
    // The loader settles queued promises through the callbacks stored beside each call.
    run('Retainkit.q[1][1]({outcome: "stayed"})')
    return expect(pending).resolves.toEqual({ outcome: 'stayed' })
  })

  it('a second copy is a no-op: same function, same queue, no second loader', () => {
    const { inserted, run } = page()
    run(scriptBody(html))
    run('var first = Retainkit, firstQueue = Retainkit.q')
    run(scriptBody(html))
    expect(run('Retainkit === first && Retainkit.q === firstQueue')).toBe(true)
    expect(inserted).toHaveLength(1)
    // Only the duplicate init call is queued; the loader treats a repeated init as nothing to do.
    expect(run('Retainkit.q.map(function (c) { return c[0][0] })')).toEqual(['init', 'init'])
  })

  it('is a no-op once the loader has replaced the stub', () => {
    const { inserted, run } = page()
    run('window.Retainkit = function () { return "real" }')
    run(scriptBody(html))
    expect(inserted).toHaveLength(0)
    expect(run('Retainkit()')).toBe('real')
  })

  it('without currentScript (e.g. injected by a tag manager) it takes the nonce of any script[nonce]', () => {
    const { inserted, run } = page({ otherNonce: 'fr0m-page' })
    run(scriptBody(html))
    expect(inserted[0]?.attributes.nonce).toBe('fr0m-page')
  })

  it('works without Promise: calls are still queued, nothing throws', () => {
    const { run } = page({ promise: false })
    run(scriptBody(html))
    expect(run('Retainkit("showCancelFlow", {})')).toBeUndefined()
    expect(run('Retainkit.q.length')).toBe(2)
  })

  it('renders the nonce attribute escaped, and never lets a value close the script element', () => {
    const tricky = snippetFor({
      accountId: 'acct_1',
      loaderUrl: 'https://x.test/w/loader.js?</script><b>',
      nonce: 'a"b<c',
    })
    expect(tricky.startsWith('<script nonce="a&quot;b&lt;c">')).toBe(true)
    expect(scriptBody(tricky)).not.toContain('</script>')
    expect(scriptBody(tricky)).toContain('\\u003c/script\\u003e')
  })

  it('puts test mode in the init call (development and staging sites)', () => {
    const test = snippetFor({ accountId: 'acct_demo', loaderUrl: LOADER, mode: 'test' })
    expect(scriptBody(test)).toContain('Retainkit("init",{"accountId":"acct_demo","mode":"test"});')
    expect(snippetFor({ accountId: 'acct_demo', loaderUrl: LOADER, mode: 'live' })).toBe(html)
  })

  it('refuses account ids and loader URLs that would make a broken snippet', () => {
    expect(() => snippetFor({ accountId: 'a"b', loaderUrl: LOADER })).toThrow('Invalid Retainkit account id')
    expect(() => snippetFor({ accountId: 'acct_1', loaderUrl: '/w/loader.js' })).toThrow(
      'absolute http(s) URL',
    )
    expect(() => snippetFor({ accountId: 'acct_1', loaderUrl: 'javascript:alert(1)' })).toThrow(
      'absolute http(s) URL',
    )
  })
})

describe('snippetForTagManager', () => {
  it('takes the nonce and the subscriber token from GTM variables', () => {
    const html = snippetForTagManager({
      accountId: 'acct_demo',
      loaderUrl: LOADER,
      nonceVariable: 'Nonce',
      attach: { selector: '#cancel-subscription', tokenVariable: 'Retainkit token' },
    })
    expect(html.startsWith('<script nonce="{{Nonce}}">\n')).toBe(true)
    expect(html).toContain(
      'Retainkit("attach","#cancel-subscription",{getToken:function(){return {{Retainkit token}}}});',
    )
    // GTM replaces {{…}} with an expression before the script runs; the rest must already be ES5.
    assertEs5(scriptBody(html).replace(/\{\{[^}]+\}\}/g, '"value"'))
  })

  it('without options it is the plain snippet', () => {
    expect(snippetForTagManager({ accountId: 'acct_demo', loaderUrl: LOADER })).toBe(
      snippetFor({ accountId: 'acct_demo', loaderUrl: LOADER }),
    )
    expect(() =>
      snippetForTagManager({ accountId: 'acct_demo', loaderUrl: LOADER, nonceVariable: '}}alert(1){{' }),
    ).toThrow('Invalid GTM variable')
  })
})
