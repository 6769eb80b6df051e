import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDist } from './serve-dist'

let dir = ''
let server: Server
let base = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-dist-'))
  for (const [path, body] of Object.entries({
    'index.html': 'home',
    '404/index.html': 'not found page',
    'products/payment-recovery/index.html': 'recovery',
    'assets/app-1.js': 'console.log(1)',
  })) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
  ;({ server, url: base } = await serveDist({ dir, port: 0, stubApi: true }))
})

afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('serve-dist', () => {
  it('serves directory indexes with and without the trailing slash', async () => {
    for (const path of ['/', '/products/payment-recovery/', '/products/payment-recovery']) {
      const response = await fetch(`${base}${path}`)
      expect(response.status, path).toBe(200)
    }
    expect(await (await fetch(`${base}/products/payment-recovery`)).text()).toBe('recovery')
  })

  it('answers unknown paths with the not-found page and HTTP 404', async () => {
    const response = await fetch(`${base}/no/such/page/`)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('not found page')
  })

  it('never serves files outside the directory', async () => {
    const response = await fetch(`${base}/..%2f..%2fetc%2fpasswd`)
    expect(response.status).toBe(404)
  })

  it('caches hashed assets for a year and sends the right type', async () => {
    const response = await fetch(`${base}/assets/app-1.js`)
    expect(response.headers.get('content-type')).toContain('text/javascript')
    expect(response.headers.get('cache-control')).toContain('immutable')
  })

  it('stubs the runtime config and the form endpoints when asked', async () => {
    const config = await (await fetch(`${base}/runtime-config.json`)).json()
    expect(config).toHaveProperty('apiKey')
    const response = await fetch(`${base}/api/contact`, { method: 'POST', body: '{}' })
    expect(await response.json()).toEqual({ success: true })
  })
})
