import type { Coupon } from '@retainkit/shared/api'
import { COUPON_LIST_DEFAULT_LIMIT } from '@retainkit/shared/constants'
import { useId, useState } from 'react'
import { listCoupons } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'
import { CreateCouponForm } from './create-coupon-form'

export interface CouponPickerProps {
  accountId: string
  /** The coupon currently in `discount.promo_code`. */
  selected: string | undefined
  onPick: (coupon: Coupon) => void
  disabled: boolean
}

type ListState =
  | { status: 'idle' }
  | { status: 'loading'; coupons: Coupon[] }
  | { status: 'ready'; coupons: Coupon[]; hasMore: boolean }
  | { status: 'error'; coupons: Coupon[]; message: string }

/** Describes a coupon the way Stripe's dashboard does: '20% off for 3 months'. */
export function couponTerms(coupon: Coupon): string {
  const amount = coupon.percent_off === null ? 'Fixed amount' : `${coupon.percent_off}% off`
  if (coupon.duration === 'once') return `${amount} once`
  if (coupon.duration === 'forever') return `${amount} forever`
  const months = coupon.duration_in_months ?? 0
  return `${amount} for ${months} ${months === 1 ? 'month' : 'months'}`
}

/**
 * Picks an existing Stripe coupon for the discount offer (GET /api/stripe/coupons/{id}, paged with
 * limit and starting_after — 'Load more' asks for the page after the last coupon shown) or creates one
 * (POST /api/stripe/coupons). Loading starts on request, not with the editor: most edits never need it.
 */
export function CouponPicker({ accountId, selected, onPick, disabled }: CouponPickerProps) {
  const [list, setList] = useState<ListState>({ status: 'idle' })
  const [creating, setCreating] = useState(false)

  const load = async (after: Coupon[]) => {
    setList({ status: 'loading', coupons: after })
    const last = after[after.length - 1]
    const result = await listCoupons(accountId, {
      limit: COUPON_LIST_DEFAULT_LIMIT,
      ...(last ? { startingAfter: last.id } : {}),
    })
    if (result.error) {
      setList({ status: 'error', coupons: after, message: userMessageOf(result.error) })
      return
    }
    setList({ status: 'ready', coupons: [...after, ...result.data.coupons], hasMore: result.data.has_more })
  }

  const coupons = list.status === 'idle' ? [] : list.coupons
  return (
    <div className="rk-coupons">
      <div className="rk-coupons__actions">
        {list.status === 'idle' ? (
          <button
            type="button"
            className="rk-button rk-button--secondary"
            disabled={disabled}
            onClick={() => load([])}
          >
            Choose a Stripe coupon
          </button>
        ) : null}
        <button
          type="button"
          className="rk-button rk-button--secondary"
          disabled={disabled}
          aria-expanded={creating}
          onClick={() => setCreating((open) => !open)}
        >
          Create a coupon
        </button>
      </div>
      {creating ? (
        <CreateCouponForm
          accountId={accountId}
          onCancel={() => setCreating(false)}
          onCreated={(coupon) => {
            setCreating(false)
            setList((current) => ({
              status: 'ready',
              coupons: [coupon, ...(current.status === 'idle' ? [] : current.coupons)],
              hasMore: current.status === 'ready' ? current.hasMore : false,
            }))
            onPick(coupon)
            toast({
              title: 'Coupon created',
              description: `${coupon.id}: ${couponTerms(coupon)}`,
              variant: 'success',
            })
          }}
        />
      ) : null}
      {coupons.length > 0 ? (
        <CouponList coupons={coupons} selected={selected} onPick={onPick} disabled={disabled} />
      ) : null}
      <div role="status" className="rk-coupons__status">
        {list.status === 'loading' ? 'Loading coupons…' : null}
        {list.status === 'ready' && coupons.length === 0 ? 'No coupons in your Stripe account yet.' : null}
        {list.status === 'error' ? `Coupons could not be loaded: ${list.message}` : null}
      </div>
      {list.status === 'ready' && list.hasMore ? (
        <button type="button" className="rk-button rk-button--secondary" onClick={() => load(list.coupons)}>
          Load more coupons
        </button>
      ) : null}
      {list.status === 'error' ? (
        <button type="button" className="rk-button rk-button--secondary" onClick={() => load(list.coupons)}>
          Retry
        </button>
      ) : null}
    </div>
  )
}

/** The account's coupons as radio buttons: picking one puts it in the offer. */
function CouponList(props: Omit<CouponPickerProps, 'accountId'> & { coupons: readonly Coupon[] }) {
  const { coupons, selected, onPick, disabled } = props
  const groupId = useId()
  return (
    <fieldset className="rk-coupons__list" disabled={disabled}>
      <legend id={groupId}>Stripe coupons</legend>
      {coupons.map((coupon) => (
        <div key={coupon.id} className="rk-radio">
          <input
            type="radio"
            id={`${groupId}-${coupon.id}`}
            name={`${groupId}-coupon`}
            checked={coupon.id === selected}
            onChange={() => onPick(coupon)}
          />
          <label htmlFor={`${groupId}-${coupon.id}`}>
            <span className="rk-mono">{coupon.id}</span>
            {coupon.name ? ` · ${coupon.name}` : ''} · {couponTerms(coupon)}
          </label>
        </div>
      ))}
    </fieldset>
  )
}
