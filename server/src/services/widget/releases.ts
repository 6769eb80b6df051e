import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WIDGET_CONTRACT_OLDEST, WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { createStaticReader, type StaticFile } from '../static-files'

/**
 * The widget files this server serves under /w/: its own build (widget/dist) and the releases archived
 * in the repository (widget/releases/<contract version>/, scripts/widget-release.mjs), so that a
 * subscriber's browser holding an older loader — cached for five minutes, or kept in memory by a tab
 * open for days — still finds the bundle it names after a deploy. Only versions inside the support
 * window (WIDGET_CONTRACT_OLDEST up) are served; their hashed names never collide with this build's.
 */

export interface ReleaseManifest {
  contract: number
  release: string
  commit: string
  loader: string
  bundle: string
  chunks: string[]
}

export interface WidgetReleases {
  /** A hashed file (bundle or chunk) by name: this build's, else an archived release's. */
  hashed(name: string): StaticFile | null
  /** The archived releases in the support window, by contract version. */
  archived: ReadonlyMap<number, ReleaseManifest>
  /** `url` (a chunk of this build, in an answer) as `version`'s release names the same chunk, or null. */
  chunkFor(url: string, version: number): string | null
}

const HASHED = /^([a-z][a-z-]*)\.[0-9a-f]{8,}\.js$/

function readManifests(root: string | undefined): Map<number, ReleaseManifest> {
  const manifests = new Map<number, ReleaseManifest>()
  if (!root) return manifests
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return manifests
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    const version = Number(name)
    if (version < WIDGET_CONTRACT_OLDEST || version >= WIDGET_CONTRACT_VERSION) continue
    try {
      manifests.set(
        version,
        JSON.parse(readFileSync(join(root, name, 'release.json'), 'utf8')) as ReleaseManifest,
      )
    } catch {
      // An incomplete archive is not served.
    }
  }
  return manifests
}

export function createWidgetReleases(roots: { widget: string; widgetReleases?: string }): WidgetReleases {
  const current = createStaticReader(roots.widget)
  const archived = readManifests(roots.widgetReleases)
  const readers = new Map(
    [...archived.keys()].map((version) => [
      version,
      createStaticReader(join(roots.widgetReleases ?? '', String(version))),
    ]),
  )
  // Each archived file by name: a request for a hashed name answers from one map lookup.
  const owner = new Map<string, number>()
  for (const [version, manifest] of archived)
    for (const file of [manifest.bundle, ...manifest.chunks]) owner.set(file, version)

  return {
    archived,
    hashed(name) {
      if (!HASHED.test(name)) return null
      const own = current.read(name)
      if (own) return own
      const version = owner.get(name)
      return version === undefined ? null : (readers.get(version)?.read(name) ?? null)
    },
    chunkFor(url, version) {
      const file = url.slice(url.lastIndexOf('/') + 1)
      const name = HASHED.exec(file)?.[1]
      const theirs = archived.get(version)?.chunks.find((chunk) => HASHED.exec(chunk)?.[1] === name)
      return name && theirs ? `${url.slice(0, url.length - file.length)}${theirs}` : null
    },
  }
}

const memo = new WeakMap<object, WidgetReleases>()

/** One reading of the archive per set of roots (the static site and the widget API share it). */
export function widgetReleasesFor(roots: { widget: string; widgetReleases?: string }): WidgetReleases {
  let releases = memo.get(roots)
  if (!releases) {
    releases = createWidgetReleases(roots)
    memo.set(roots, releases)
  }
  return releases
}
