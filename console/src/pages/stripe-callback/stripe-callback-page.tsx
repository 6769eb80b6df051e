/** The return point of the Stripe connect flow (being built in this same change set). */
export default function StripeCallbackPage() {
  return (
    <section aria-labelledby="stripe-callback-heading">
      <h1 id="stripe-callback-heading">Connecting Stripe</h1>
    </section>
  )
}
