import type { Host } from '../host/types'

/**
 * Downloads `text` as a file: the subscriber keeps their cancellation confirmation without needing
 * clipboard permission or a printer, and it works the same in every browser.
 */
export function saveTextFile(host: Host, name: string, text: string): void {
  const { document } = host
  const link = document.createElement('a')
  // A data: URL needs no object URL to create and revoke; the download attribute saves it as `name`.
  link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
}
