// Makes sure an entry script runs on a Node.js Retainkit supports. Entry scripts import it first: on a
// supported Node (22.12 or newer) it does nothing. On an older one (Debian ships Node 20) it re-runs
// the same script with the same arguments on the pinned Node.js 24 LTS from the npm registry
// (pinned-node.mjs: installed into a cache on first use), with that Node's bin first on PATH so every
// `node`, `npm` and `npx` the script starts uses it too, forwarding signals and ending with its exit
// code — one line on stderr says so. Where the registry carries no Node (not Linux x64/arm64), it stops
// with the version needed.
//
// The importing script's own body waits for this module (its top-level await never settles on an old
// Node: the re-run's exit ends the process). Modules the entry script imports beside this one are
// evaluated meanwhile, so an entry script imports nothing else that would fail on an old Node. Node's
// own options are not carried over (NODE_OPTIONS is, through the environment).
//
// The minimum is the `engines.node` of every package.json (a test keeps them equal).
import { exitAs, run } from './child-process.mjs'
import { ensurePinnedNode, pinnedNodeVersion, pinnedPlatform } from './pinned-node.mjs'

export const MINIMUM_NODE = Object.freeze({ major: 22, minor: 12 })
export const RECOMMENDED_NODE = '24 LTS'
/** Set in the re-run's environment (to the pinned version): a re-run never re-runs itself. */
export const PINNED_NODE_ENV = 'RETAINKIT_PINNED_NODE'

/** True when `version` ("22.12.0", "v24.1.0") is at least MINIMUM_NODE. */
export function isSupportedNode(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number)
  return major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)
}

export function unsupportedNodeMessage(version) {
  return (
    `Retainkit needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer (${RECOMMENDED_NODE} recommended); ` +
    `this is Node.js ${version}.\n` +
    'Install Node.js 24 LTS for this machine (the npm registry carries it for Linux x64 and arm64 only).'
  )
}

/** The one line a re-run prints. */
export function pinnedNodeLine(version, pinned, dir, installing) {
  return `retainkit: Node.js ${version} is older than ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}; ${
    installing ? `installing Node.js ${pinned} from the npm registry into ${dir} and running` : 'running'
  } on Node.js ${pinned} (${dir})`
}

function stop(detail) {
  process.stderr.write(`${unsupportedNodeMessage(process.versions.node)}${detail ? `\n(${detail})` : ''}\n`)
  process.exit(1)
}

async function rerunOnPinnedNode() {
  if (process.env[PINNED_NODE_ENV])
    stop(`a re-run on the pinned Node.js ${process.env[PINNED_NODE_ENV]} found an old Node again`)
  if (!pinnedPlatform()) stop()
  let installing = null
  let bin
  try {
    bin = ensurePinnedNode({
      onInstall: (dir) => {
        installing = dir
        process.stderr.write(`${pinnedNodeLine(process.versions.node, pinnedNodeVersion(), dir, true)}\n`)
      },
    })
  } catch (error) {
    stop(error instanceof Error ? error.message : String(error))
  }
  if (!installing) {
    process.stderr.write(
      `${pinnedNodeLine(process.versions.node, pinnedNodeVersion(), bin.replace(/\/node_modules\/\.bin$/, ''), false)}\n`,
    )
  }
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    [PINNED_NODE_ENV]: pinnedNodeVersion(),
  }
  exitAs(await run(`${bin}/node`, process.argv.slice(1), { env }))
  // Until the exit above ends the process, the importing script must not go on.
  await new Promise(() => {})
}

if (!isSupportedNode(process.versions.node)) await rerunOnPinnedNode()
