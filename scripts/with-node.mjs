#!/usr/bin/env node
// `node scripts/with-node.mjs <command> [args…]`: runs the command on a supported Node — the machine's,
// or else the pinned Node 24 (require-node.mjs re-runs this script on it, with its bin first on PATH,
// so the command's own `#!/usr/bin/env node` finds it) — forwarding signals and ending as it ends.
// What `npm run admin`, `npm run sandbox` and `npm run bench` run their tsx entry points with.
import './require-node.mjs'
import { runAndExit } from './child-process.mjs'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  process.stderr.write('usage: node scripts/with-node.mjs <command> [args…]\n')
  process.exit(2)
}
await runAndExit(command, args)
