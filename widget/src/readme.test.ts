import { spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { snippetFor, snippetForTagManager } from './snippet'
import {
  TOKEN_RECIPE_LANGUAGES,
  type TokenRecipeLanguage,
  tokenRecipe,
  tryTokenRecipe,
} from './token-recipes'

/** The README is documentation people copy from: its snippets and recipes are checked here. */
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const LOADER = 'https://retainkit.example.com/w/loader.js'

/** The fenced code blocks of one language, in order. */
const blocks = (language: string) =>
  Array.from(README.matchAll(new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\``, 'gm')), (m) =>
    (m[2] ?? '').replace(new RegExp(`^${m[1]}`, 'gm'), ''),
  )

/** The fence each recipe's language uses in the README. */
const FENCES: Record<TokenRecipeLanguage, string> = {
  node: 'js',
  shell: 'sh',
  python: 'python',
  ruby: 'ruby',
  php: 'php',
  go: 'go',
}

const ENV = {
  CUSTOMER_ID: 'cus_42',
  RETAINKIT_WIDGET_SECRET: 'rkws_readme',
}

function verify(token: string) {
  const [header, payload, signature] = token.trim().split('.')
  const expected = createHmac('sha256', ENV.RETAINKIT_WIDGET_SECRET)
    .update(`${header}.${payload}`)
    .digest('base64url')
  expect(signature).toBe(expected)
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' })
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
  expect(claims).toMatchObject({ iss: 'acct_demo', sub: 'cus_42' })
  expect(claims.exp - claims.iat).toBe(900)
  expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60)
}

describe('README', () => {
  it('shows the current snippet for the sample account', () => {
    expect(blocks('html')[0]).toBe(`${snippetFor({ accountId: 'acct_demo', loaderUrl: LOADER })}\n`)
  })

  it('shows the current Google Tag Manager snippet', () => {
    const gtm = snippetForTagManager({
      accountId: 'acct_demo',
      loaderUrl: LOADER,
      nonceVariable: 'CSP Nonce',
      attach: { selector: '#cancel-subscription', tokenVariable: 'Retainkit token' },
    })
    expect(blocks('html')[1]).toBe(`${gtm}\n`)
  })

  it('shows the token recipes exactly as the console renders them (one source: token-recipes.ts)', () => {
    for (const language of TOKEN_RECIPE_LANGUAGES) {
      const recipe = `${tokenRecipe(language, { accountId: 'acct_demo', mode: 'live' })}\n`
      expect(blocks(FENCES[language]), language).toContain(recipe)
    }
    expect(blocks('sh')).toContain(`${tryTokenRecipe('https://retainkit.example.com')}\n`)
  })

  it('its shell recipe mints a token the server would accept', () => {
    const recipe = blocks('sh')[0] ?? ''
    const run = spawnSync('bash', ['-c', recipe, 'retainkit-token.sh', ENV.CUSTOMER_ID], {
      env: { ...process.env, ...ENV },
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    verify(run.stdout)
  })
})
