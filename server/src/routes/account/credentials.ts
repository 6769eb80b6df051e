import type { AccountActionHandlers } from './types'

// Placeholder until this action is built; the dispatcher answers 405 for methods not listed.
export const credentialsActions: AccountActionHandlers = {}
