/**
 * Runs the Stripe fake over loopback for the sandbox and browser tests:
 *
 *   npx tsx packages/fakes/stripe/serve.ts --port 12111 [--host 127.0.0.1] [--seed]
 *
 * Prints one JSON line: `{"url": …, "port": …}` plus, with --seed, the seeded merchant's keys and
 * ids. Point the server at it with STRIPE_API_BASE=<url>. Stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util'
import { createStripeFake } from './fake'
import { seedMerchant } from './seed'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12111' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'boolean', default: false },
      'auto-webhooks': { type: 'boolean', default: false },
    },
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`Invalid --port ${values.port}`)
  const fake = createStripeFake({ webhooks: { autoDeliver: values['auto-webhooks'] } })
  const seeded = values.seed ? await seedMerchant(fake) : undefined
  const server = await fake.listen(port, values.host)
  process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, seeded }, null, 2)}\n`)
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`stripe fake: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
