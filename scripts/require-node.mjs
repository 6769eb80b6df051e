// Stops at once, with the version needed, when this Node.js is too old for Retainkit. Entry scripts
// import it first (or run it before their command): it imports nothing itself, so it runs before any
// dependency that would fail on an old Node with an error about something else.
// The minimum is the `engines.node` of every package.json (a test keeps them equal).

export const MINIMUM_NODE = Object.freeze({ major: 22, minor: 12 })
export const RECOMMENDED_NODE = '24 LTS'

/** True when `version` ("22.12.0", "v24.1.0") is at least MINIMUM_NODE. */
export function isSupportedNode(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number)
  return major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)
}

export function unsupportedNodeMessage(version) {
  return (
    `Retainkit needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer (${RECOMMENDED_NODE} recommended); ` +
    `this is Node.js ${version}.\n` +
    'Switch this shell to Node.js 24 from the npm registry with: source scripts/use-node.sh'
  )
}

if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(`${unsupportedNodeMessage(process.versions.node)}\n`)
  process.exit(1)
}
