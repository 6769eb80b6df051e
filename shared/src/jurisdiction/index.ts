export * from './decide'
export * from './modes'
export * from './offers-allowed'
export * from './regions'
