/**
 * `@retainkit/widget/token` is kept for code that imported it before the helper became its own package:
 * it is `@retainkit/node` (packages/node), the one implementation merchants install from npm.
 */
export * from '@retainkit/node'
