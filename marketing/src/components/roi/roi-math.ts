/**
 * The ROI calculator's model. Of the subscribers who churn each month, a cancel flow saves a share
 * at the moment of cancelling; of those who still leave, reactivation later wins back a share. The
 * spec's ranges bound both rates: 10–30% each.
 */
export const SAVE_RATE_RANGE = { min: 10, max: 30, step: 1 } as const

export interface RoiInputs {
  subscribers: string
  price: string
  churnPercent: string
  cancelFlowSavePercent: number
  reactivationPercent: number
}

export const DEFAULT_ROI_INPUTS: RoiInputs = {
  subscribers: '1000',
  price: '30',
  churnPercent: '5',
  cancelFlowSavePercent: 20,
  reactivationPercent: 15,
}

export interface RoiResult {
  churnedPerMonth: number
  savedByCancelFlow: number
  wonBackByReactivation: number
  recoveredSubscribers: number
  recoveredMrr: number
  annualRevenue: number
}

export type RoiField = 'subscribers' | 'price' | 'churnPercent'
export type RoiErrors = Partial<Record<RoiField, string>>

export const ROI_MESSAGES = {
  subscribersRequired: 'Enter how many subscribers you have.',
  subscribersNegative: 'Subscribers cannot be negative.',
  subscribersWhole: 'Enter a whole number of subscribers.',
  priceRequired: 'Enter your average monthly price.',
  priceNegative: 'The price cannot be negative.',
  churnRequired: 'Enter your monthly churn rate.',
  churnRange: 'Churn rate must be between 0 and 100%.',
  notANumber: 'Enter a number.',
} as const

function parse(raw: string): number | null {
  const text = raw.trim()
  if (text === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : Number.NaN
}

/** Field-by-field validation; an empty object means the inputs can be calculated. */
export function validateRoiInputs(inputs: RoiInputs): RoiErrors {
  const errors: RoiErrors = {}
  const subscribers = parse(inputs.subscribers)
  if (subscribers === null) errors.subscribers = ROI_MESSAGES.subscribersRequired
  else if (Number.isNaN(subscribers)) errors.subscribers = ROI_MESSAGES.notANumber
  else if (subscribers < 0) errors.subscribers = ROI_MESSAGES.subscribersNegative
  else if (!Number.isInteger(subscribers)) errors.subscribers = ROI_MESSAGES.subscribersWhole

  const price = parse(inputs.price)
  if (price === null) errors.price = ROI_MESSAGES.priceRequired
  else if (Number.isNaN(price)) errors.price = ROI_MESSAGES.notANumber
  else if (price < 0) errors.price = ROI_MESSAGES.priceNegative

  const churn = parse(inputs.churnPercent)
  if (churn === null) errors.churnPercent = ROI_MESSAGES.churnRequired
  else if (Number.isNaN(churn)) errors.churnPercent = ROI_MESSAGES.notANumber
  else if (churn < 0 || churn > 100) errors.churnPercent = ROI_MESSAGES.churnRange
  return errors
}

function clampRate(percent: number): number {
  return Math.min(SAVE_RATE_RANGE.max, Math.max(SAVE_RATE_RANGE.min, percent)) / 100
}

/** The result, or null while any input is invalid. */
export function calculateRoi(inputs: RoiInputs): RoiResult | null {
  if (Object.keys(validateRoiInputs(inputs)).length > 0) return null
  const subscribers = Number(inputs.subscribers)
  const price = Number(inputs.price)
  const churnedPerMonth = subscribers * (Number(inputs.churnPercent) / 100)
  const savedByCancelFlow = churnedPerMonth * clampRate(inputs.cancelFlowSavePercent)
  const wonBackByReactivation = (churnedPerMonth - savedByCancelFlow) * clampRate(inputs.reactivationPercent)
  const recoveredSubscribers = savedByCancelFlow + wonBackByReactivation
  const recoveredMrr = recoveredSubscribers * price
  return {
    churnedPerMonth,
    savedByCancelFlow,
    wonBackByReactivation,
    recoveredSubscribers,
    recoveredMrr,
    annualRevenue: recoveredMrr * 12,
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

export function formatUsd(value: number): string {
  return usd.format(value)
}

export function formatCount(value: number): string {
  return count.format(value)
}
