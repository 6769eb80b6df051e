import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRuntimeConfigCache } from '../../api/runtime-config'
import { CONTACT_MESSAGES, ContactForm } from './contact-form'

const RUNTIME_CONFIG = { apiBaseUrl: 'http://api.test', apiKey: 'k'.repeat(32) }

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A fetch stub: the runtime config, then whatever `contact` answers for POST /api/contact. */
function stubFetch(contact: () => Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url === '/runtime-config.json') return json(RUNTIME_CONFIG)
    if (url === 'http://api.test/api/contact') return contact()
    throw new Error(`unexpected fetch ${url}`)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Lovelace' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can we see a demo?' } })
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
}

function fieldValues() {
  return [
    screen.getByLabelText('Name'),
    screen.getByLabelText('Email'),
    screen.getByLabelText('Message'),
  ].map((field) => (field as HTMLInputElement).value)
}

beforeEach(() => resetRuntimeConfigCache())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ContactForm', () => {
  it('has required name, email (type email) and message fields without length limits', () => {
    render(<ContactForm />)
    for (const label of ['Name', 'Email', 'Message']) {
      const field = screen.getByLabelText(label)
      expect((field as HTMLInputElement).required).toBe(true)
      expect(field.hasAttribute('maxlength')).toBe(false)
      expect(field.hasAttribute('minlength')).toBe(false)
    }
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email')
  })

  it('posts to the API with the key and the honeypot, then thanks and clears the form', async () => {
    const fetchMock = stubFetch(async () => json({ success: true }))
    render(<ContactForm />)
    fillAndSubmit()
    expect(await screen.findByText(CONTACT_MESSAGES.success)).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Thanks! Your message has been sent.')
    expect(fieldValues()).toEqual(['', '', ''])

    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit]
    expect(url).toBe('http://api.test/api/contact')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['x-api-key']).toBe(RUNTIME_CONFIG.apiKey)
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Can we see a demo?',
      website: '',
    })
  })

  it('accepts success inside data', async () => {
    stubFetch(async () => json({ data: { success: true } }))
    render(<ContactForm />)
    fillAndSubmit()
    expect(await screen.findByText(CONTACT_MESSAGES.success)).toBeTruthy()
  })

  it('shows the server error string and keeps the input', async () => {
    stubFetch(async () => json({ success: false, error: 'Message must be at least 10 characters' }, 400))
    render(<ContactForm />)
    fillAndSubmit()
    expect(await screen.findByText('Message must be at least 10 characters')).toBeTruthy()
    expect(fieldValues()).toEqual(['Ada Lovelace', 'ada@example.com', 'Can we see a demo?'])
  })

  it('shows error.message from an error object', async () => {
    stubFetch(async () =>
      json({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests.' } }, 429),
    )
    render(<ContactForm />)
    fillAndSubmit()
    expect(await screen.findByText('Too many requests.')).toBeTruthy()
  })

  it('falls back to the generic failure text when the answer has no success and no error', async () => {
    stubFetch(async () => json({ ok: 1 }, 500))
    render(<ContactForm />)
    fillAndSubmit()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to send message. Please try again later.'),
    )
    expect(fieldValues()).toEqual(['Ada Lovelace', 'ada@example.com', 'Can we see a demo?'])
  })

  it('shows a thrown error by its message and keeps the input', async () => {
    stubFetch(async () => {
      throw new Error('Boom: proxy refused the body')
    })
    render(<ContactForm />)
    fillAndSubmit()
    expect(await screen.findByText('Boom: proxy refused the body')).toBeTruthy()
    expect(fieldValues()).toEqual(['Ada Lovelace', 'ada@example.com', 'Can we see a demo?'])
  })

  it('shows the generic text when the server is unreachable (a network TypeError)', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch')
    })
    render(<ContactForm />)
    fillAndSubmit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CONTACT_MESSAGES.failed))
    expect(fieldValues()).toEqual(['Ada Lovelace', 'ada@example.com', 'Can we see a demo?'])
  })

  it('fetches the runtime config once and reuses it', async () => {
    const fetchMock = stubFetch(async () => json({ success: true }))
    render(<ContactForm />)
    fillAndSubmit()
    await screen.findByText(CONTACT_MESSAGES.success)
    fillAndSubmit()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3))
    const configCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/runtime-config.json')
    expect(configCalls).toHaveLength(1)
  })
})
