/** Settings (being built in this same change set): account, Stripe, widget secret, install, reasons, billing. */
export default function SettingsPage() {
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
    </section>
  )
}
