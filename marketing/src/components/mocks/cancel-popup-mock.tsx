import { MockButton } from './illustrative'

export interface CancelPopupMockProps {
  headline: string
  text: string
  offer: string
  offerDetail: string
  accept: string
}

/** A cancel-flow step as a subscriber sees it: the offer, and always a visible way to finish cancelling. */
export function CancelPopupMock({ headline, text, offer, offerDetail, accept }: CancelPopupMockProps) {
  return (
    <div className="mock-popup">
      <p className="mock-popup-title">{headline}</p>
      <p className="mock-muted">{text}</p>
      <div className="mock-offer">
        <span className="mock-offer-title">{offer}</span>
        <span className="mock-muted">{offerDetail}</span>
      </div>
      <div className="mock-actions">
        <MockButton>{accept}</MockButton>
        <MockButton variant="plain">No thanks, continue cancelling</MockButton>
      </div>
    </div>
  )
}

export interface AccountPageMockProps {
  store: string
  plan: string
  price: string
  popup: CancelPopupMockProps
}

/** A merchant's account page with the subscriber's plan, and the cancel flow that opened over it. */
export function AccountPageMock({ store, plan, price, popup }: AccountPageMockProps) {
  return (
    <div className="mock-account">
      <div className="mock-window-bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className="mock-account-page">
        <p className="mock-store">{store} · My account</p>
        <div className="mock-plan-row">
          <span>
            <span className="mock-muted">Current plan</span>
            <br />
            <strong>{plan}</strong>
          </span>
          <span className="mock-price">{price}</span>
        </div>
        <span className="mock-link">Cancel subscription</span>
      </div>
      <CancelPopupMock {...popup} />
    </div>
  )
}

export function ReactivationBannerMock({ text, cta }: { text: string; cta: string }) {
  return (
    <div className="mock-banner">
      <span>{text}</span>
      <MockButton>{cta}</MockButton>
    </div>
  )
}
