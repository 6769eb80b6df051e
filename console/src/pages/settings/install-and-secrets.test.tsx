import { snippetFor } from '@retainkit/widget/snippet'
import { tokenRecipe } from '@retainkit/widget/token-recipes'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FakeBackend } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { InstallSettings, installStatusText } from './install-settings'
import { renderSection } from './settings-test-support'
import { WidgetSecretSettings } from './widget-secret-settings'

registerConsoleCleanup()

const SECRETS = 'GET /api/account?action=widget-secret'
const CREATE = 'POST /api/account?action=widget-secret'
const REVOKE = 'DELETE /api/account?action=widget-secret'
const STATUS = 'GET /api/account?action=install-status'

describe('install section', () => {
  it("shows the widget package's snippet for the account and copies it", async () => {
    const backend = new FakeBackend().on(STATUS, {
      body: { data: { installed: false, last_loaded_at: null, origins: [] } },
    })
    const user = userEvent.setup()
    renderSection(<InstallSettings accountId="acme" />, { backend })
    const expected = snippetFor({ accountId: 'acme', loaderUrl: 'http://localhost:8799/w/loader.js' })
    const figure = screen.getByText('Install snippet').closest('figure')
    if (!figure) throw new Error('no snippet block')
    expect(
      within(figure).getByText(
        (_, element) => element?.tagName === 'CODE' && element.textContent === expected,
      ),
    ).toBeTruthy()
    await user.click(within(figure).getByRole('button', { name: 'Copy snippet' }))
    // user-event provides the clipboard in tests.
    expect(await navigator.clipboard.readText()).toBe(expected)
    expect(await within(figure).findByText('Copied to clipboard')).toBeTruthy()
  })

  it('offers a test-mode snippet for localhost and staging sites', async () => {
    const backend = new FakeBackend().on(STATUS, {
      body: { data: { installed: false, last_loaded_at: null, origins: [] } },
    })
    const user = userEvent.setup()
    renderSection(<InstallSettings accountId="acme" />, { backend })
    const code = () =>
      screen.getByText('Install snippet').closest('figure')?.querySelector('code')?.textContent
    expect(code()).not.toContain('"mode":"test"')
    await user.click(screen.getByLabelText(/A test site/))
    expect(code()).toBe(
      snippetFor({ accountId: 'acme', loaderUrl: 'http://localhost:8799/w/loader.js', mode: 'test' }),
    )
    expect(code()).toContain('"mode":"test"')
  })

  it('shows the token recipe of the chosen language with the claims of the chosen mode, and the Tag Manager steps', async () => {
    const backend = new FakeBackend().on(STATUS, {
      body: { data: { installed: false, last_loaded_at: null, origins: [] } },
    })
    const user = userEvent.setup()
    renderSection(<InstallSettings accountId="acme" />, { backend })
    const recipe = () =>
      screen
        .getByText(/mode$/, { selector: '.rk-code-block__caption span' })
        .closest('figure')
        ?.querySelector('code')?.textContent
    expect(recipe()).toBe(tokenRecipe('node', { accountId: 'acme', mode: 'live' }))
    expect(recipe()).toContain("from '@retainkit/node'")
    await user.selectOptions(screen.getByLabelText("Your server's language"), 'python')
    expect(recipe()).toBe(tokenRecipe('python', { accountId: 'acme', mode: 'live' }))
    expect(recipe()).not.toContain('"mode"')
    await user.click(screen.getByLabelText(/A test site/))
    expect(recipe()).toBe(tokenRecipe('python', { accountId: 'acme', mode: 'test' }))
    expect(recipe()).toContain('claims["mode"] = "test"')
    expect(document.body.textContent).toContain('curl -sS -X POST')
    expect(screen.getByText(/Custom HTML/, { selector: 'li' })).toBeTruthy()
  })

  it("says 'Not detected yet' before the widget was seen, then where and when it was", async () => {
    const now = Date.parse('2026-11-21T12:00:00Z')
    expect(installStatusText({ installed: false, last_loaded_at: null, origins: [] }, now)).toBe(
      'Not detected yet',
    )
    expect(
      installStatusText(
        {
          installed: true,
          last_loaded_at: '2026-11-21T11:55:00Z',
          origins: [
            {
              origin: 'https://shop.acme.test',
              first_loaded_at: '2026-11-01T00:00:00Z',
              last_loaded_at: '2026-11-21T11:55:00Z',
            },
          ],
        },
        now,
      ),
    ).toBe('Installed — last loaded on https://shop.acme.test 5 minutes ago')

    const backend = new FakeBackend().on(STATUS, {
      body: {
        data: {
          installed: true,
          last_loaded_at: new Date().toISOString(),
          origins: [
            {
              origin: 'https://shop.acme.test',
              first_loaded_at: new Date().toISOString(),
              last_loaded_at: new Date().toISOString(),
            },
          ],
        },
      },
    })
    renderSection(<InstallSettings accountId="acme" />, { backend })
    expect(
      await screen.findByText(/Installed — last loaded on https:\/\/shop\.acme\.test just now/),
    ).toBeTruthy()
  })
})

describe('widget secret section', () => {
  it('creates a secret and shows it once, with a warning and a copy button', async () => {
    let created = false
    const backend = new FakeBackend()
      .on(SECRETS, () => ({
        body: {
          data: created
            ? [
                {
                  id: 'wsk_1',
                  hint: 'rkws_…abcd',
                  mode: 'live',
                  created_at: new Date().toISOString(),
                  last_used_at: null,
                },
              ]
            : [],
        },
      }))
      .on(CREATE, () => {
        created = true
        return {
          status: 201,
          body: {
            data: {
              id: 'wsk_1',
              secret: 'rkws_full_secret_abcd',
              mode: 'live',
              created_at: new Date().toISOString(),
            },
          },
        }
      })
    const user = userEvent.setup()
    renderSection(<WidgetSecretSettings accountId="acme" />, { backend })
    expect(await screen.findByText('No active secrets yet.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create secret' }))
    const field = (await screen.findByLabelText('New widget secret')) as HTMLInputElement
    expect(field.value).toBe('rkws_full_secret_abcd')
    expect(field.readOnly).toBe(true)
    expect(screen.getByText(/It is shown only once/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy()
    expect(await screen.findByText('rkws_…abcd')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Rotate secret' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(screen.queryByLabelText('New widget secret')).toBeNull()
    expect(document.body.innerHTML).not.toContain('rkws_full_secret_abcd')
  })

  it('creates a test-mode secret on request, and lists each secret with what it signs', async () => {
    let created = false
    const backend = new FakeBackend()
      .on(SECRETS, () => ({
        body: {
          data: created
            ? [
                {
                  id: 'wsk_t',
                  hint: 'rkws_test_…wxyz',
                  mode: 'test',
                  created_at: new Date().toISOString(),
                  last_used_at: null,
                },
              ]
            : [],
        },
      }))
      .on(CREATE, () => {
        created = true
        return {
          status: 201,
          body: {
            data: {
              id: 'wsk_t',
              secret: 'rkws_test_full_wxyz',
              mode: 'test',
              created_at: new Date().toISOString(),
            },
          },
        }
      })
    const user = userEvent.setup()
    renderSection(<WidgetSecretSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Create test-mode secret' }))
    expect(((await screen.findByLabelText('New widget secret')) as HTMLInputElement).value).toBe(
      'rkws_test_full_wxyz',
    )
    expect(backend.requestsTo(CREATE)[0]?.body).toEqual({ mode: 'test' })
    const table = await screen.findByRole('table', { name: 'Active widget secrets' })
    expect(within(table).getByText('Test mode only')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Rotate test-mode secret' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create secret' })).toBeTruthy()
  })

  it('lists secrets with hints and last use, and revokes one after confirming', async () => {
    const backend = new FakeBackend()
      .on(SECRETS, {
        body: {
          data: [
            {
              id: 'wsk_new',
              hint: 'rkws_…new1',
              mode: 'live',
              created_at: new Date().toISOString(),
              last_used_at: null,
            },
            {
              id: 'wsk_old',
              hint: 'rkws_…old2',
              mode: 'live',
              created_at: '2026-01-01T00:00:00Z',
              last_used_at: new Date().toISOString(),
            },
          ],
        },
      })
      .on(REVOKE, { body: { data: { id: 'wsk_old', revoked_at: new Date().toISOString() } } })
    const user = userEvent.setup()
    renderSection(<WidgetSecretSettings accountId="acme" />, { backend })
    const table = await screen.findByRole('table', { name: 'Active widget secrets' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeTruthy()
    expect(within(rows[2] as HTMLElement).getByText('just now')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Revoke secret rkws_…old2' }))
    await user.click(screen.getByRole('button', { name: 'Confirm revoking secret rkws_…old2' }))
    await waitFor(() => expect(backend.requestsTo(REVOKE)).toHaveLength(1))
    expect(backend.requestsTo(REVOKE)[0]?.url.searchParams.get('secretId')).toBe('wsk_old')
  })
})
