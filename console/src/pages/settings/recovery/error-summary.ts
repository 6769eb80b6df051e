import { RECOVERY_WORDS } from '@retainkit/shared/recovery'
import type { DraftErrors } from './recovery-draft'

/** Where each field lives on the page, for the summary a failed save shows above its button. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  schedule_hours: 'Retry schedule',
  grace_days: 'Grace after the last retry',
  return_url: 'Return address',
  texts: 'E-mail texts',
  enabled: 'Payment recovery on',
}

function fieldName(path: string): string {
  const [head, second, ...rest] = path.split('.')
  if (head === 'schedule_hours' && second !== undefined) return `Retry ${Number(second) + 1}`
  if (head === 'texts' && second !== undefined && rest.length > 0) {
    const language = Object.hasOwn(RECOVERY_WORDS, second) ? second.toUpperCase() : second
    return `E-mail text ${rest.join('.')} (${language})`
  }
  return FIELD_NAMES[head ?? ''] ?? path
}

/** One line per problem: the field, then the shared schema's (or the server's) message. */
export function errorSummary(errors: DraftErrors): string[] {
  return Object.entries(errors).map(([path, message]) => `${fieldName(path)}: ${message}`)
}
