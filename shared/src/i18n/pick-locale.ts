/** `fr` of `fr-CA`, lower-cased. */
export const primaryLanguage = (tag: string): string => tag.split('-')[0]?.toLowerCase() ?? ''

/**
 * The first wanted language the account has: the exact tag, else its language (`fr-CA` gets `fr`).
 * `available` is keyed by lower-case tags (as the config endpoint publishes them); wanted tags come in
 * order of precedence: the token's claim, the `attach` option, the browser's languages. Small on
 * purpose: the widget runs it.
 */
export function pickLocale(
  available: Readonly<Record<string, unknown>>,
  wanted: readonly unknown[],
): string | undefined {
  for (const tag of wanted)
    if (typeof tag === 'string')
      for (const candidate of [tag, tag.split('-')[0] as string]) {
        const key = candidate.toLowerCase()
        if (Object.hasOwn(available, key)) return key
      }
  return undefined
}
