/**
 * `@retainkit/shared/recovery`: payment recovery's vocabulary, settings, words and timeline (issue 30).
 * The widget's recovery chunk imports only the zod-free `vocabulary` and `words` subpaths.
 */
export * from './daytime'
export * from './settings'
export * from './timeline'
export * from './vocabulary'
export * from './words'
