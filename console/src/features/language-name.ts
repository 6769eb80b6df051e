/** `French`, `Arabic`, `Portuguese (Brazil)`: the console's own language names the others. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}
