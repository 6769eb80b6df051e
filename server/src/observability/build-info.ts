import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SERVER_ROOT } from '../server-root'

/**
 * What this process is: the release (the root package.json's version) and the commit it was built
 * from — RETAINKIT_COMMIT when set (the container image bakes it in from its build argument), else the
 * checkout's git HEAD read from its files (no git binary needed), else 'unknown'. Read once.
 */
export interface BuildInfo {
  version: string
  commit: string
}

const REPO_ROOT = resolve(SERVER_ROOT, '..')

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return null
  }
}

/** HEAD's commit from the files of `.git` (a worktree's `.git` file points at its own git dir). */
function gitHead(root: string): string | null {
  let gitDir = join(root, '.git')
  const pointer = readText(gitDir)
  if (pointer?.startsWith('gitdir: ')) gitDir = resolve(root, pointer.slice(8))
  const head = readText(join(gitDir, 'HEAD'))
  if (!head) return null
  if (/^[0-9a-f]{40}$/.test(head)) return head
  const ref = /^ref: (.+)$/.exec(head)?.[1]
  if (!ref) return null
  // A linked worktree keeps refs in the common git dir.
  const common = readText(join(gitDir, 'commondir'))
  const refDirs = [gitDir, ...(common ? [resolve(gitDir, common)] : [])]
  for (const dir of refDirs) {
    const loose = readText(join(dir, ref))
    if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose
    const packed = readText(join(dir, 'packed-refs'))
    const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`))
    if (line) return line.slice(0, 40)
  }
  return null
}

let cached: BuildInfo | null = null

export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  if (cached) return cached
  const pkg = readText(join(REPO_ROOT, 'package.json'))
  const version = (pkg && (JSON.parse(pkg) as { version?: string }).version) || 'unknown'
  const commit = env.RETAINKIT_COMMIT?.trim() || gitHead(REPO_ROOT) || 'unknown'
  cached = { version, commit }
  return cached
}
