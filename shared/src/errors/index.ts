/**
 * The error catalogue (spec 8) and the AppError object (spec 3). Zod-free: the widget and the console
 * import it without pulling in any validation runtime.
 */
export * from './api-error-body'
export * from './api-layer'
export * from './app-error'
export * from './codes'
export * from './http-status'
export * from './severity'
