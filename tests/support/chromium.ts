import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

/**
 * One Chromium per Vitest worker, shared by the browser files that worker runs one after another (the
 * e2e project keeps one module graph per worker, so this module's state outlives a file). Starting and
 * stopping Chromium for every file cost about a second and half a CPU-second each on the loaded 2-core
 * machine. Each file still sees a browser of its own: `launchChromium()` hands out a view whose
 * `newContext`/`newPage` make fresh incognito contexts, and whose `close()` closes exactly the contexts
 * that file made (nothing of one file's cookies, storage or pages reaches the next). A Chromium that
 * died is launched anew for the next file.
 */
let shared: Promise<Browser> | null = null

/**
 * Debian's Chromium (never a downloaded browser), through chromium-features.sh, which joins our
 * `--disable-features` with Playwright's own list (Chromium keeps only the last such switch).
 *
 * The omnibox's WebUI popups are off: every new window (each test's fresh context opens one) preloaded
 * chrome://omnibox-popup.top-chrome in a renderer of its own, about 1.1 s of CPU in that renderer and
 * 0.25 s in the browser process after each navigation, on a page nobody sees (a trace names the
 * renderer "WebUI Top Renderer"). On a 2-core machine that time was taken from the tests and from the
 * benchmarks' measured clicks.
 */
const launchOptions = {
  executablePath: fileURLToPath(new URL('./chromium-features.sh', import.meta.url)),
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  ],
}

function sharedChromium(): Promise<Browser> {
  if (shared) return shared
  const launching = chromium.launch(launchOptions)
  const forget = () => {
    if (shared === launching) shared = null
  }
  launching.then((browser) => browser.on('disconnected', forget), forget)
  shared = launching
  return launching
}

/** A browser of this file's own: fresh contexts on the worker's Chromium, closed by `close()`. */
export async function launchChromium(): Promise<Browser> {
  // Outside Vitest (the benchmarks, run as plain scripts) nothing would ever close a shared Chromium
  // and the process would never exit: there each caller gets a Chromium of its own, closed by close().
  if (!process.env.VITEST) return chromium.launch(launchOptions)
  const browser = await sharedChromium()
  const contexts = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    contexts.add(context)
    context.once('close', () => contexts.delete(context))
    return context
  }
  const own: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options)
      track(page.context())
      return page
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)))
    },
  }
  return new Proxy(browser, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key as keyof Browser]
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
