export * from './decide'
export * from './modes'
export * from './regions'
export * from './offers-allowed'
