import { performance } from 'node:perf_hooks'
import { PortTakenError } from './ports'
import { startSandbox } from './sandbox'

/** `npm run sandbox`: starts everything, prints where to go, stops on Ctrl-C. */
const port = (name: string, fallback: number) => {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    process.stderr.write(`${name} must be a port number, not '${value}'\n`)
    process.exit(1)
  }
  return parsed
}

async function main(): Promise<void> {
  const started = performance.now()
  const sandbox = await startSandbox({
    sitePort: port('SANDBOX_PORT', 8788),
    retainkitPort: port('RETAINKIT_PORT', 8787),
    stripePort: port('STRIPE_FAKE_PORT', 12111),
    dataDir: process.env.SANDBOX_DATA_DIR || '.data-sandbox',
    log: (line) => process.stdout.write(`  ${line}\n`),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const monthly = sandbox.subscriber('monthly')
  process.stdout.write(`
  Retainkit sandbox is ready (${seconds} s)

  Example sites   ${sandbox.site.url}            <- open this
  Retainkit       ${sandbox.retainkit.url}            account '${sandbox.account.accountId}' (Pro), console sign-in: ${sandbox.account.ownerEmail}
  Stripe fake     ${sandbox.stripe.server.url}       keys ${sandbox.stripe.merchant.keys.secret} / ${sandbox.stripe.merchant.keys.publishable}

  Try it: ${sandbox.site.url}/account?customer=${monthly.customerId} → "Cancel subscription"
  Billing: sign up at ${sandbox.retainkit.url}/signup/ (a 30-day Pro trial), then Plan → Subscribe: the fake's
           Checkout page takes test cards; its webhooks are signed and delivered to ${sandbox.retainkit.url}/api/billing/webhook
  Stop with Ctrl-C.
\n`)
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof PortTakenError) process.stderr.write(`\n  ${error.message}\n\n`)
  else
    process.stderr.write(
      `The sandbox failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  process.exit(1)
})
