import type { Theme } from './config/types'

/**
 * Theme tokens for the widget: the merchant's `theme` section becomes CSS custom properties on
 * the shadow root's `:host`, so neither the host page's CSS nor ours leaks. Zod-free and dependency-free:
 * the widget bundle and the console editor both import this file.
 */

/** A theme with every field present: what the widget actually renders with. */
export type ResolvedTheme = Required<Theme>

export interface Rgb {
  r: number
  g: number
  b: number
}

export type ContrastLevel = 'AA' | 'AA-large'

/** WCAG 2.x minimum contrast ratios: normal text, and large text / non-text UI (SC 1.4.3, 1.4.11). */
export const CONTRAST_MINIMUMS: Readonly<Record<ContrastLevel, number>> = { AA: 4.5, 'AA-large': 3 }

/** The platform's own UI font: no web-font download, and it looks native on every OS. */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

/** Highest border radius the schema allows; anything else is clamped into 0..this. */
const MAX_BORDER_RADIUS = 64
const FONT_FAMILY_MAX_LENGTH = 100

/**
 * The default theme. Checked pairs (theme.test.ts): text on background 14.7:1, primary and white 6.3:1,
 * secondary (text of secondary actions such as "No thanks, cancel") on background 7.6:1: all WCAG AA.
 */
export const DEFAULT_THEME: Readonly<ResolvedTheme> = Object.freeze({
  primary_color: '#4f46e5',
  secondary_color: '#475569',
  background_color: '#ffffff',
  text_color: '#1f2937',
  border_radius: 8,
  font_family: SYSTEM_FONT_STACK,
})

export const THEME_CSS_VARIABLES = [
  '--rk-primary',
  '--rk-primary-text',
  '--rk-secondary',
  '--rk-bg',
  '--rk-text',
  '--rk-muted',
  '--rk-border',
  '--rk-radius',
  '--rk-font',
  '--rk-focus',
] as const
export type ThemeCssVariable = (typeof THEME_CSS_VARIABLES)[number]

// ── Colour maths ──────────────────────────────────────────────────────────────────────────────────────

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** `#abc`, `#aabbcc` (the `#` optional, any case) → channels 0–255; anything else → null. */
export function parseHex(hex: string): Rgb | null {
  const match = HEX_PATTERN.exec(hex.trim())
  if (!match?.[1]) return null
  const digits = match[1]
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  }
}

/** Channels → lower-case `#rrggbb` (the one spelling the CSS output uses, so it is deterministic). */
export function toHex({ r, g, b }: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

function toRgb(color: string | Rgb): Rgb {
  if (typeof color !== 'string') return color
  const rgb = parseHex(color)
  // Contrast of something that is not a colour has no meaning; failing loudly beats a silent 1:1.
  if (!rgb) throw new TypeError(`Not a hex colour: ${JSON.stringify(color)}`)
  return rgb
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = toRgb(color)
  const linear = (v: number) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2.x contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  const ratio = (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
  // Round away float noise only (1e-9), never enough to lift 4.499 over 4.5.
  return Math.round(ratio * 1e9) / 1e9
}

export function meetsContrast(a: string | Rgb, b: string | Rgb, level: ContrastLevel): boolean {
  return contrastRatio(a, b) >= CONTRAST_MINIMUMS[level]
}

/** Linear blend in sRGB: weight 0 → `from`, 1 → `to`. */
function mix(from: Rgb, to: Rgb, weight: number): Rgb {
  const blend = (x: number, y: number) => Math.round(x + (y - x) * weight)
  return { r: blend(from.r, to.r), g: blend(from.g, to.g), b: blend(from.b, to.b) }
}

/**
 * The lightest tint of `color` towards `background` (at most `maxWeight` of the way) that still has
 * `minRatio` against the background; `color` itself when even that fails (the editor warns then).
 */
function softenWithin(color: Rgb, background: Rgb, maxWeight: number, minRatio: number): Rgb {
  for (let step = Math.round(maxWeight * 100); step > 0; step -= 1) {
    const candidate = mix(color, background, step / 100)
    if (contrastRatio(candidate, background) >= minRatio) return candidate
  }
  return color
}

/** First candidate with AA contrast on `surface`, else the candidate with the most contrast. */
function readableOn(surface: Rgb, candidates: readonly Rgb[]): Rgb {
  const passing = candidates.find((c) => contrastRatio(c, surface) >= CONTRAST_MINIMUMS.AA)
  if (passing) return passing
  return candidates.reduce((best, c) => (contrastRatio(c, surface) > contrastRatio(best, surface) ? c : best))
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 }
const BLACK: Rgb = { r: 0, g: 0, b: 0 }

// ── Font family ───────────────────────────────────────────────────────────────────────────────────────

/** Drops unmatched quotes one at a time until every `'…'` and `"…"` string is closed. */
function balanceQuotes(value: string): string {
  let text = value
  for (;;) {
    let open: { quote: string; at: number } | null = null
    for (let i = 0; i < text.length; i += 1) {
      const ch = text[i] as string
      if (open === null && (ch === '"' || ch === "'")) open = { quote: ch, at: i }
      else if (open !== null && ch === open.quote) open = null
    }
    if (open === null) return text
    text = text.slice(0, open.at) + text.slice(open.at + 1)
  }
}

/**
 * Makes a merchant's `font_family` safe to place in a style sheet. An allow-list (letters, digits,
 * spaces, commas, dots, hyphens, underscores, quotes) removes `; { } < > \ / * ( )` and everything else
 * that could end the declaration, open a comment, or close the `<style>` element; an unclosed quote
 * would swallow the rest of the sheet, so quotes are balanced. Empty results fall back to the system
 * stack.
 */
export function sanitizeFontFamily(value: string | undefined): string {
  if (typeof value !== 'string') return SYSTEM_FONT_STACK
  const allowed = value.replace(/\s+/g, ' ').replace(/[^\p{L}\p{N} ,'"._-]/gu, '')
  const trimmed = balanceQuotes(balanceQuotes(allowed).slice(0, FONT_FAMILY_MAX_LENGTH))
    .replace(/ {2,}/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
  return /[\p{L}\p{N}]/u.test(trimmed) ? trimmed : SYSTEM_FONT_STACK
}

// ── Theme resolution and CSS ──────────────────────────────────────────────────────────────────────────

/** A valid colour in canonical `#rrggbb`, or the fallback (the widget trusts its API, but not blindly). */
function colourOr(value: string | undefined, fallback: string): string {
  const rgb = value === undefined ? null : parseHex(value)
  return rgb ? toHex(rgb) : fallback
}

/** Fills every gap (and every invalid value) from DEFAULT_THEME. */
export function resolveTheme(theme?: Theme): ResolvedTheme {
  const radius = theme?.border_radius
  return {
    primary_color: colourOr(theme?.primary_color, DEFAULT_THEME.primary_color),
    secondary_color: colourOr(theme?.secondary_color, DEFAULT_THEME.secondary_color),
    background_color: colourOr(theme?.background_color, DEFAULT_THEME.background_color),
    text_color: colourOr(theme?.text_color, DEFAULT_THEME.text_color),
    border_radius:
      typeof radius === 'number' && Number.isFinite(radius)
        ? Math.min(MAX_BORDER_RADIUS, Math.max(0, radius))
        : DEFAULT_THEME.border_radius,
    font_family:
      theme?.font_family && theme.font_family.trim() !== '' ? theme.font_family : DEFAULT_THEME.font_family,
  }
}

/**
 * The CSS custom properties the widget's styles use. Derived tokens: `--rk-primary-text` is the readable
 * label colour on primary buttons; `--rk-muted` (secondary text) is the text colour softened towards the
 * background while keeping 4.5:1; `--rk-border` keeps 3:1 so form fields stay identifiable (SC 1.4.11);
 * `--rk-focus` is the primary colour when it has 3:1 on the background, else the text colour.
 */
export function themeToCssVariables(theme?: Theme): Record<ThemeCssVariable, string> {
  const resolved = resolveTheme(theme)
  const primary = toRgb(resolved.primary_color)
  const background = toRgb(resolved.background_color)
  const text = toRgb(resolved.text_color)
  const focus = [primary, text, WHITE, BLACK].find(
    (c) => contrastRatio(c, background) >= CONTRAST_MINIMUMS['AA-large'],
  )
  return {
    '--rk-primary': resolved.primary_color,
    '--rk-primary-text': toHex(readableOn(primary, [background, text, WHITE, BLACK])),
    '--rk-secondary': resolved.secondary_color,
    '--rk-bg': resolved.background_color,
    '--rk-text': resolved.text_color,
    '--rk-muted': toHex(softenWithin(text, background, 0.6, CONTRAST_MINIMUMS.AA)),
    '--rk-border': toHex(softenWithin(text, background, 0.85, CONTRAST_MINIMUMS['AA-large'])),
    '--rk-radius': `${resolved.border_radius}px`,
    '--rk-font': sanitizeFontFamily(resolved.font_family),
    // Black or white always reaches 3:1 on any background, so `find` cannot come back empty.
    '--rk-focus': toHex(focus ?? BLACK),
  }
}

const CSS_VARIABLE_NAME = /^--[A-Za-z0-9_-]+$/

/**
 * `:host{--rk-primary:#4f46e5;…}`. Names that are not custom properties are skipped and values lose
 * `; { } < > \` and unmatched quotes, so even a caller's own variables cannot end the rule early.
 */
export function cssVariablesToText(vars: Readonly<Record<string, string>>): string {
  const declarations = Object.entries(vars)
    .filter(([name]) => CSS_VARIABLE_NAME.test(name))
    .map(([name, value]) => {
      const clean = balanceQuotes(String(value).replace(/[;{}<>\\\p{Cc}]/gu, ''))
      return `${name}:${clean.trim()}`
    })
  return `:host{${declarations.join(';')}}`
}

/** Ratio for people: floored to one decimal so 4.49 never reads as the 4.5 it fails to reach. */
function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`
}

/**
 * Contrast problems of a theme, in words the console editor shows beside the colour pickers. Derived
 * tokens (primary text, muted, border, focus) are chosen to pass, so only the merchant's picks can fail.
 */
export function themeContrastWarnings(theme?: Theme): string[] {
  const t = resolveTheme(theme)
  const checks: ReadonlyArray<{ label: string; colour: string; level: ContrastLevel; why: string }> = [
    { label: 'Text colour', colour: t.text_color, level: 'AA', why: '' },
    { label: 'Secondary colour', colour: t.secondary_color, level: 'AA', why: ' for text' },
    { label: 'Primary colour', colour: t.primary_color, level: 'AA-large', why: ' for buttons and controls' },
  ]
  const warnings: string[] = []
  for (const { label, colour, level, why } of checks) {
    const ratio = contrastRatio(colour, t.background_color)
    const needed = CONTRAST_MINIMUMS[level]
    if (ratio < needed) {
      warnings.push(
        `${label} on background has contrast ${formatRatio(ratio)}; WCAG AA needs ${needed}:1${why}`,
      )
    }
  }
  return warnings
}
