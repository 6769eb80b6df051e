export {
  cancelFlowConfigSchema,
  cancellationReasonSchema,
  cancellationReasonsSchema,
  copySchema,
  languagesSchema,
  localeTagSchema,
  planSchema,
  reasonsPayloadSchema,
  themeSchema,
} from '../config/schema'
export * from './account'
export * from './account-queries'
export * from './analytics-query'
export * from './billing'
export * from './config-save'
export * from './contact'
export * from './credentials'
export * from './dates'
export * from './evidence'
export * from './experiments'
export * from './feedback'
export * from './getting-live'
export * from './members'
export { MESSAGES } from './primitives'
export * from './recovery'
export * from './segments'
export * from './sessions'
export * from './stripe'
export * from './webhooks'
export * from './widget'
export * from './widget-reactivation'
