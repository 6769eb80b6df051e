/**
 * The demo merchant seeded on first start (seed/demo.ts). Its twelve months of sessions are generated;
 * no Stripe account stands behind them, so the console says "demo data: not connected" rather than
 * showing a key Stripe would refuse.
 */
export const DEMO_ACCOUNT_ID = 'demo'

export const isDemoAccount = (accountId: string): boolean => accountId === DEMO_ACCOUNT_ID
