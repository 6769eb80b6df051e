/**
 * The Retainkit mark — a looping arrow (a subscriber coming back) in a rounded square — as data, so the
 * console (React) and the marketing site (Preact) draw the very same one, each with its own renderer.
 */
export const BRAND_MARK = {
  viewBox: '0 0 32 32',
  square: { width: 32, height: 32, rx: 8, fill: '#3730a3' },
  /** The arrow's loop and its head, drawn with `stroke`. */
  paths: ['M22 11.5a8 8 0 1 0 1.6 7.5', 'M23.5 6.5v6h-6'],
  stroke: { fill: 'none', stroke: '#fff', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' },
} as const
