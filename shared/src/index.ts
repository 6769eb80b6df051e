// Everything in @retainkit/shared. Browser bundles should import the narrow subpaths instead
// (`@retainkit/shared/flow`, `/default-config`, `/theme`, ...) so zod never reaches them.

export * from './analytics'
export * from './analytics-endpoints'
export * from './config/types'
export * from './config/vocabulary'
export * from './errors'
export * from './period'
export * from './roles'
export * from './routes'
export * from './sanitize'
export * from './schemas'
export * from './theme'
export * from './widget-api'
