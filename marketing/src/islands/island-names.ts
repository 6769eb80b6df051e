/**
 * The interactive parts of the site. Each name has an entry module `src/islands/<name>.client.tsx`
 * that hydrates every `[data-island="<name>"]` element on the page; the prerender adds a script tag
 * only for the islands a page actually renders, so content pages ship just the navigation.
 */
export const ISLAND_NAMES = [
  'site-nav',
  'pricing-plans',
  'roi-calculator',
  'contact-form',
  'waitlist-form',
] as const

export type IslandName = (typeof ISLAND_NAMES)[number]

/** Path of an island's entry module relative to the marketing package (the Vite manifest key). */
export function islandEntryPath(name: IslandName): string {
  return `src/islands/${name}.client.tsx`
}

/** The stylesheet entry, also a key in the Vite manifest. */
export const STYLESHEET_ENTRY = 'src/styles/site.css'
