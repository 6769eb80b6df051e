import type { AppDeps } from '../../src/deps'
import { sendDueMail } from '../../src/services/mail/worker'
import type { MailMessage } from '../../src/services/mailer'

/**
 * How server tests read mail: every mail is a row of the outbox until the mail worker sends it, so
 * reading first runs the worker's pass (what the process's worker does as the enqueuing transaction
 * commits), then returns what reached the memory mailer — all of it, or what went to one address
 * (compared case-insensitively), oldest first.
 */
export async function readOutbox(
  deps: AppDeps,
  sent: readonly MailMessage[],
  to?: string,
): Promise<MailMessage[]> {
  await sendDueMail(deps)
  const address = to?.toLowerCase()
  return sent.filter((mail) => address === undefined || mail.to.toLowerCase() === address)
}
