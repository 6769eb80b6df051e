import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import {
  TOKEN_RECIPE_FILES,
  TOKEN_RECIPE_LABELS,
  TOKEN_RECIPE_LANGUAGES,
  type TokenRecipeLanguage,
  type TokenRecipeMode,
} from '@retainkit/widget/token-recipes'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accessTokenOf,
  addMember,
  ensureConsoleBuilt,
  magicLinkFor,
  useDevOutbox,
} from '../support/console-helpers'
import { launchChromium, type Product, startProduct } from '../support/product'

/**
 * Install as written: every subscriber-token recipe, copied as the rendered Install page shows it
 * (Chromium reads the code block's text), is run by its real interpreter — node, bash with openssl,
 * python3, ruby, php, go — with the account's widget secret, and the real server accepts the token in
 * the recipe's mode: a live token from the account's own site, a test token from a localhost site
 * (where a live token is refused). Standard libraries only: nothing is installed for the recipes.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/install-recipes/', import.meta.url))
const MODES = ['live', 'test'] as const satisfies readonly TokenRecipeMode[]
/** The site each mode's snippet runs on: the account's domain (acme.example) or a local dev server. */
const ORIGINS: Record<TokenRecipeMode, string> = {
  live: 'https://acme.example',
  test: 'http://localhost:5173',
}
const RUNNERS: Record<TokenRecipeLanguage, (file: string) => [string, ...string[]]> = {
  node: (file) => [process.execPath, file],
  shell: (file) => ['bash', file],
  python: (file) => ['python3', file],
  ruby: (file) => ['ruby', file],
  php: (file) => ['php', file],
  go: (file) => ['go', 'run', file],
}

const execFileAsync = promisify(execFile)

let product: Product
let browser: Browser
const rendered = {} as Record<TokenRecipeMode, Record<TokenRecipeLanguage, string>>
let tryItCommand = ''

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${product.url}/signup/`)
  await page.getByLabel('Email address').fill(email)
  const sentAfter = Date.now() - 1000
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByText('Check your email to confirm your account!').waitFor()
  await page.goto(await magicLinkFor(product.url, email, sentAfter))
  await page.waitForURL(/\/dashboard\/\?account_id=/, { timeout: 20_000 })
}

async function codeOf(page: Page, caption: string): Promise<string> {
  const block = page.locator('.rk-code-block').filter({
    has: page.locator('figcaption', { hasText: caption }),
  })
  return (await block.locator('code').textContent()) ?? ''
}

/** Runs a recipe file with its interpreter: what it prints is the token. */
function runRecipe(language: TokenRecipeLanguage, mode: TokenRecipeMode, code: string, customerId: string) {
  const folder = join(ARTIFACTS, mode)
  mkdirSync(folder, { recursive: true })
  const file = join(folder, TOKEN_RECIPE_FILES[language])
  writeFileSync(file, code)
  const [command, ...args] = RUNNERS[language](file)
  return execFileSync(command, [...args, customerId], {
    encoding: 'utf8',
    timeout: 100_000,
    env: {
      ...process.env,
      RETAINKIT_WIDGET_SECRET: product.account.secret,
      // Go builds with what it has: no toolchain or module download.
      GOTOOLCHAIN: 'local',
      GOPROXY: 'off',
    },
  }).trim()
}

function startSession(token: string, origin: string): Promise<Response> {
  return fetch(`${product.url}/api/widget/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin },
    body: '{}',
  })
}

async function sessionMode(sessionId: string): Promise<string | undefined> {
  const row = await product.deps.db
    .selectFrom('cancel_sessions')
    .select('mode')
    .where('id', '=', sessionId)
    .executeTakeFirst()
  return row?.mode
}

beforeAll(async () => {
  ensureWidgetBuilt()
  ensureConsoleBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  product = await startProduct()
  useDevOutbox(product)
  browser = await launchChromium()
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await signUp(page, 'install-recipes@example.com')
  const user = await fetch(`${product.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}`, apikey: product.deps.anonKey },
  })
  // The merchant account the harness set up (Stripe connected, a widget secret) gets this user as owner.
  await addMember(product, product.account.accountId, ((await user.json()) as { id: string }).id, 'owner')
  await page.goto(`${product.url}/settings/?tab=install&account_id=${product.account.accountId}`)
  await page.getByLabel("Your server's language").waitFor({ timeout: 20_000 })
  for (const mode of MODES) {
    await page.getByLabel(mode === 'test' ? /A test site/ : /Your live site/).check()
    rendered[mode] = {} as Record<TokenRecipeLanguage, string>
    for (const language of TOKEN_RECIPE_LANGUAGES) {
      await page.getByLabel("Your server's language").selectOption(language)
      rendered[mode][language] = await codeOf(page, `${TOKEN_RECIPE_LABELS[language]}, ${mode} mode`)
    }
    await page.screenshot({ path: join(ARTIFACTS, `install-page-${mode}.png`), fullPage: true })
  }
  tryItCommand = await codeOf(page, 'Try a token with curl')
  await page.close()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

describe.each(MODES)('Install page recipes, %s mode', (mode) => {
  it.each(TOKEN_RECIPE_LANGUAGES)(
    'the %s recipe as rendered signs a token the server accepts',
    async (language) => {
      const code = rendered[mode][language]
      expect(code).toContain(product.account.accountId)
      const { customerId } = await product.account.addSubscriber()
      const token = runRecipe(language, mode, code, customerId)
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)

      const response = await startSession(token, ORIGINS[mode])
      const body = (await response.json()) as { sessionId?: string }
      expect(response.status, JSON.stringify(body)).toBe(201)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGINS[mode])
      expect(await sessionMode(body.sessionId ?? '')).toBe(mode)

      if (mode === 'test') {
        // Why the claim is there: the same language's live recipe is refused on a test site.
        const liveToken = runRecipe(language, 'live', rendered.live[language], customerId)
        expect((await startSession(liveToken, ORIGINS.test)).status).toBe(403)
      }
      if (language === 'shell') {
        // The page's curl command, run as shown with the token in $TOKEN (asynchronously: this very
        // process serves the request).
        const { stdout } = await execFileAsync('bash', ['-c', tryItCommand], {
          encoding: 'utf8',
          env: { ...process.env, TOKEN: token },
        })
        expect(JSON.parse(stdout)).toMatchObject({ fallback: false, sessionId: expect.any(String) })
      }
    },
  )
})
