/**
 * Full page loads, behind one object so tests can spy on them (happy-dom's location cannot be
 * replaced) and so every hard navigation of the console is easy to find.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url)
  },
  reload(): void {
    window.location.reload()
  },
}
