/**
 * The error catalogue and the AppError object. Zod-free: the widget and the console
 * import it without pulling in any validation runtime.
 */
export * from './api-error-body'
export * from './api-layer'
export * from './app-error'
export * from './codes'
export * from './http-status'
export * from './severity'
