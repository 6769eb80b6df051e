import { type IslandName, islandEntryPath, STYLESHEET_ENTRY } from '../islands/island-names'
import type { DocumentAssets } from './document'

/** The part of Vite's build manifest (`.vite/manifest.json`) the prerender reads. */
export interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key]
  if (!found) throw new Error(`Vite manifest has no entry for ${key}; was the client build run?`)
  return found
}

/**
 * Stylesheet, island entry scripts and their static imports for one page, as absolute URLs. Only the
 * islands the page rendered are included, so a content page loads the navigation island alone.
 */
export function assetsForIslands(
  manifest: Manifest,
  islands: readonly IslandName[],
  base = '/',
): DocumentAssets {
  const url = (file: string) => `${base}${file}`
  const stylesheets = new Set<string>([url(chunk(manifest, STYLESHEET_ENTRY).file)])
  const scripts: string[] = []
  const preloads = new Set<string>()
  const visit = (key: string) => {
    const entry = chunk(manifest, key)
    for (const css of entry.css ?? []) stylesheets.add(url(css))
    for (const imported of entry.imports ?? []) {
      const file = url(chunk(manifest, imported).file)
      if (!preloads.has(file)) {
        preloads.add(file)
        visit(imported)
      }
    }
  }
  for (const island of islands) {
    const key = islandEntryPath(island)
    scripts.push(url(chunk(manifest, key).file))
    visit(key)
  }
  for (const script of scripts) preloads.delete(script)
  return { stylesheets: [...stylesheets], scripts, preloads: [...preloads] }
}
