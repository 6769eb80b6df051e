import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/support/smtp-receiver'
import { requestLink } from '../../auth/testing'
import { createSmtpMailer, type Mailer } from '../mailer'
import { enqueueMail } from './outbox'
import { sendDueMail } from './worker'

/**
 * The worker against a real SMTP server in process: what reaches it (multipart/alternative, the plain
 * text with the link, the sender), a refusal retried with backoff, a refusal for good, a server that is
 * down, and one that never answers while another mail still goes out.
 */

let t: TestContext
let smtp: SmtpReceiver
let memory: Mailer
beforeAll(async () => {
  t = await createTestContext()
  smtp = await startSmtpReceiver()
  memory = t.deps.mailer
})
afterAll(async () => {
  t.deps.mailer = memory
  await smtp.close()
  await t.close()
})
beforeEach(async () => {
  // What other tests left queued goes out to memory; from here mail goes to the SMTP server.
  t.deps.mailer = memory
  await sendDueMail(t.deps)
  t.deps.mailer = createSmtpMailer(smtp.url, { timeoutMs: 2_000 })
})

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`
const receivedBy = (to: string) =>
  smtp.received.filter(({ parsed }) => parsed.to && !Array.isArray(parsed.to) && parsed.to.text === to)
const rowTo = (to: string) =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow()

async function queueInvitation(to: string) {
  const { accountId } = await t.createAccount({ name: 'Northwind' })
  await t.database.db.transaction().execute((trx) =>
    enqueueMail(trx, t.deps, {
      kind: 'member_invitation',
      to,
      accountId,
      dedupeKey: to,
      params: { email: to, role: 'viewer', days: 7 },
    }),
  )
}

describe('mail through SMTP', () => {
  it('delivers multipart/alternative: a plain-text part and an HTML part with the same link', async () => {
    const email = address('smtp')
    expect((await requestLink(t, email)).status).toBe(200)
    expect(await sendDueMail(t.deps)).toMatchObject({ sent: 1, failed: 0 })
    const [mail] = receivedBy(email)
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/i)
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Retainkit', address: 'no-reply@localhost' }])
    expect(mail?.parsed.subject).toBe('Your Retainkit sign-in link')
    const link = /http:\/\/localhost:8787\/auth\/v1\/verify\?\S+/.exec(mail?.parsed.text ?? '')?.[0] ?? ''
    expect(link).toContain('token=')
    expect(mail?.parsed.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    const row = await rowTo(email)
    expect(mail?.parsed.headers.get('x-retainkit-mail-id')).toBe(String(row.id))
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      payload: null,
      subject: 'Your Retainkit sign-in link',
    })
    expect(row.provider_message_id).toBe(mail?.parsed.messageId)
  })

  it('retries a mail the server refuses for now (4xx) after the backoff, and delivers it once', async () => {
    const email = address('later')
    smtp.behave(email, 'try-later')
    await queueInvitation(email)
    expect(await sendDueMail(t.deps)).toMatchObject({ attempted: 1, sent: 0, failed: 0 })
    const refused = await rowTo(email)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 })
    expect(refused.last_error).toContain('451')
    expect(new Date(refused.next_attempt_at).getTime() - t.clock.now().getTime()).toBe(10_000)
    // Not before the backoff.
    t.clock.advance(9_000)
    expect(await sendDueMail(t.deps)).toMatchObject({ attempted: 0 })
    smtp.behave(email, 'accept')
    t.clock.advance(1_000)
    expect(await sendDueMail(t.deps)).toMatchObject({ attempted: 1, sent: 1 })
    expect(receivedBy(email)).toHaveLength(1)
    expect(await rowTo(email)).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
  })

  it('gives a recipient the server refuses for good (5xx) up at once', async () => {
    const email = address('nobody')
    smtp.behave(email, 'reject')
    await queueInvitation(email)
    expect(await sendDueMail(t.deps)).toMatchObject({ attempted: 1, failed: 1 })
    expect(await rowTo(email)).toMatchObject({ status: 'failed', attempts: 1 })
    expect((await rowTo(email)).last_error).toContain('550')
  })

  it('retries while the mail server is down', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    t.deps.mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, { timeoutMs: 2_000 })
    const email = address('down')
    await queueInvitation(email)
    expect(await sendDueMail(t.deps)).toMatchObject({ attempted: 1, sent: 0, failed: 0 })
    expect((await rowTo(email)).last_error).toMatch(/ECONNREFUSED/)
    t.deps.mailer = createSmtpMailer(smtp.url)
    t.clock.advance(10_000)
    expect(await sendDueMail(t.deps)).toMatchObject({ sent: 1 })
    expect(receivedBy(email)).toHaveLength(1)
  })

  it('a server that never answers one mail hits that attempt’s deadline; the other mail goes out meanwhile', async () => {
    const stuck = address('stuck')
    const fine = address('fine')
    smtp.behave(stuck, 'hang')
    await queueInvitation(stuck)
    await queueInvitation(fine)
    const started = performance.now()
    const pass = sendDueMail(t.deps, { deadlineMs: 1_500 })
    const waitForFine = async () => {
      while (receivedBy(fine).length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
      return performance.now() - started
    }
    expect(await waitForFine()).toBeLessThan(1_500)
    expect(await pass).toMatchObject({ attempted: 2, sent: 1, failed: 0 })
    expect(performance.now() - started).toBeLessThan(5_000)
    const row = await rowTo(stuck)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.last_error).toContain('deadline')
    expect(receivedBy(stuck)).toEqual([])
  })
})
