import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { REMEMBERED_SESSION_MS, rememberedSessionCount } from '../../services/widget/event-ingest'
import { WIDGET_CONFIG_TTL_MS } from '../../services/widget/published-config'
import { verifiedTokenCount } from '../../services/widget/subscriber-token'
import { startSession, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

/**
 * What the widget calls keep in the process between calls (tokens already verified, the state of the
 * sessions this process wrote last) lasts only as long as it can serve: under steady traffic of new
 * subscribers it stays the size of that span, not the size of the whole day's traffic. A long soak
 * found both growing with every visit until a count limit far beyond what is ever used again.
 */
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

const VISITS = 12

/** New subscribers' visits: a token each, a session each, a reason (the session stays open). */
async function visits(tag: string): Promise<void> {
  for (let i = 0; i < VISITS; i++) {
    const token = await tokenFor(t, account, `cus_${tag}${i}`)
    const { status, body } = await startSession(t, token)
    expect(status, JSON.stringify(body)).toBe(201)
    const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
      token,
      body: { events: [{ step: 'reason_selected', reasonKey: 'too_expensive' }] },
    })
    expect(res.status).toBe(204)
  }
}

describe('per-process memory of the widget calls', () => {
  it('verified tokens are forgotten once the config they were verified against has expired', async () => {
    await visits('tok')
    expect(verifiedTokenCount(t.deps)).toBeGreaterThanOrEqual(VISITS)
    t.clock.advance(WIDGET_CONFIG_TTL_MS + 1000)
    await visits('toklater')
    // The later visits' tokens, not the earlier ones that can no longer be used without verifying again.
    expect(verifiedTokenCount(t.deps)).toBe(VISITS)
  })

  it('sessions not written for a while are forgotten (the next call reads them)', async () => {
    await visits('ses')
    expect(rememberedSessionCount(t.database.db)).toBeGreaterThanOrEqual(VISITS)
    t.clock.advance(REMEMBERED_SESSION_MS + 1000)
    await visits('seslater')
    expect(rememberedSessionCount(t.database.db)).toBe(VISITS)
  })
})
