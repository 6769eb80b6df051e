# Puts a supported Node.js first on PATH for the current shell. Source it, do not run it:
#
#   source scripts/use-node.sh          # bash, zsh or sh (`. scripts/use-node.sh`)
#
# Not needed to run Retainkit: `npm start`, `npm test` and the other commands re-run themselves on the
# pinned Node when the machine's is too old (scripts/require-node.mjs). This is for a shell of your own
# on that Node. When the `node` on PATH is already new enough (22.12 or newer) nothing changes.
# Otherwise Node.js 24 LTS and npm, pinned with their integrity in scripts/node-toolchain/package-lock.json,
# are installed from the npm registry (no other download) into a cache outside the repository
# (scripts/pinned-node.mjs), and that cache's bin goes first on PATH, so `node`, `npm`, `npx` and every
# process they start use it. The cache is reused on the next call; set RETAINKIT_NODE_CACHE to keep it
# somewhere else than ~/.cache.
# Set RETAINKIT_USE_NODE_24=1 to switch to the pinned Node 24 even when the machine's Node is supported.
#
# It prints the Node version in use and returns non-zero (without closing your shell) on failure.
# Needs an npm for the first install only; Linux on x64 or arm64 (the packages the registry carries).

retainkit_use_node() {
  _rk_min_major=22
  _rk_min_minor=12
  _rk_here=$1

  if [ "${RETAINKIT_USE_NODE_24:-0}" != 1 ] && command -v node >/dev/null 2>&1; then
    _rk_current=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
    _rk_major=${_rk_current%%.*}
    _rk_rest=${_rk_current#*.}
    _rk_minor=${_rk_rest%%.*}
    if [ "$_rk_major" -gt "$_rk_min_major" ] ||
      { [ "$_rk_major" -eq "$_rk_min_major" ] && [ "$_rk_minor" -ge "$_rk_min_minor" ]; }; then
      echo "use-node: Node.js $_rk_current ($(command -v node)) is supported; PATH unchanged"
      return 0
    fi
  fi

  if ! command -v node >/dev/null 2>&1; then
    echo "use-node: a node and its npm are needed once to fetch Node.js 24 from the registry (apt-get install npm)" >&2
    return 1
  fi
  # Installs into the cache when needed (pinned-node.mjs, what `npm start` and `npm test` use too).
  _rk_bin=$(node "$_rk_here/pinned-node.mjs" --bin) || return 1
  case ":$PATH:" in
    *":$_rk_bin:"*) ;;
    *) PATH="$_rk_bin:$PATH" ;;
  esac
  export PATH
  hash -r 2>/dev/null || true
  echo "use-node: Node.js $(node -p 'process.versions.node') and npm $(npm --version) from $_rk_bin"
}

# The directory of this file, whichever shell sourced it (bash: BASH_SOURCE; zsh: the %x prompt escape;
# other shells cannot tell, so they read RETAINKIT_ROOT or the current directory).
if [ -n "${BASH_SOURCE:-}" ]; then
  _rk_self=${BASH_SOURCE}
  [ "$_rk_self" != "$0" ] || echo "use-node: run as a program it cannot change your shell's PATH; source it: source $0" >&2
elif [ -n "${ZSH_VERSION:-}" ]; then
  # shellcheck disable=SC2296
  _rk_self=${(%):-%x}
else
  _rk_self=${RETAINKIT_ROOT:-.}/scripts/use-node.sh
fi
if [ -f "$_rk_self" ]; then
  retainkit_use_node "$(cd "$(dirname "$_rk_self")" && pwd)"
  _rk_status=$?
else
  echo "use-node: cannot find scripts/use-node.sh from here; source it from the repository root or set RETAINKIT_ROOT" >&2
  _rk_status=1
fi
unset -f retainkit_use_node
unset _rk_self _rk_min_major _rk_min_minor _rk_here _rk_current _rk_major _rk_rest _rk_minor _rk_bin
(exit $_rk_status)
