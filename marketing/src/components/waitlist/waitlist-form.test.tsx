import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRuntimeConfigCache } from '../../api/runtime-config'
import { WAITLIST_MESSAGES, WaitlistForm } from './waitlist-form'

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => resetRuntimeConfigCache())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('WaitlistForm', () => {
  it('posts {email, product, website} to /api/waitlist and confirms', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/runtime-config.json'
        ? json({ apiBaseUrl: '', apiKey: 'key-123' })
        : json({ success: true }),
    )
    vi.stubGlobal('fetch', fetchMock)
    render(<WaitlistForm />)
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'cfo@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }))
    expect(await screen.findByText(WAITLIST_MESSAGES.success)).toBeTruthy()
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit]
    expect(url).toBe('/api/waitlist')
    expect((init.headers as Record<string, string>)['x-api-key']).toBe('key-123')
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'cfo@example.com',
      product: 'payment-recovery',
      website: '',
    })
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('')
  })

  it('keeps the email and shows the fallback when the server is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    render(<WaitlistForm />)
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'cfo@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WAITLIST_MESSAGES.failed))
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('cfo@example.com')
  })
})
