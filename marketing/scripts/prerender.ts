import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as EntryServer from '../src/entry-server'
import { PUBLIC_URL_PLACEHOLDER } from '../src/site'

type ServerModule = typeof EntryServer

export interface PrerenderOptions {
  /** The client build's output directory; pages are written into it. */
  outDir: string
  /** The server build of src/entry-server.tsx. */
  serverEntry: string
}

/** Where a route's page goes: '/' → index.html, '/pricing/' → pricing/index.html. */
export function htmlFileFor(outDir: string, path: string): string {
  return join(outDir, ...path.split('/').filter(Boolean), 'index.html')
}

/**
 * Renders every marketing route into `<outDir>/<path>/index.html`, then the sitemap and robots.txt,
 * with PUBLIC_URL_PLACEHOLDER as the origin of absolute URLs.
 */
export async function prerender({ outDir, serverEntry }: PrerenderOptions): Promise<string[]> {
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerModule
  const manifestPath = join(outDir, '.vite', 'manifest.json')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as EntryServer.Manifest
  const written: string[] = []
  for (const name of server.ROUTE_NAMES) {
    const route = server.renderRoute(name)
    const html = server.renderDocument({
      path: route.path,
      publicUrl: PUBLIC_URL_PLACEHOLDER,
      title: route.page.title,
      description: route.page.description,
      ogType: route.page.ogType,
      noindex: route.page.noindex,
      body: route.body,
      assets: server.assetsForIslands(manifest, route.islands),
    })
    const file = htmlFileFor(outDir, route.path)
    await mkdir(join(file, '..'), { recursive: true })
    await writeFile(file, html)
    written.push(file)
  }
  await writeFile(
    join(outDir, 'sitemap.xml'),
    server.sitemapXml(PUBLIC_URL_PLACEHOLDER, server.indexablePaths()),
  )
  await writeFile(join(outDir, 'robots.txt'), server.robotsTxt(PUBLIC_URL_PLACEHOLDER))
  // The manifest was only for this step; keep it out of the published files.
  await rm(join(outDir, '.vite'), { recursive: true, force: true })
  return written
}
