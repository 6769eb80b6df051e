import type { Host } from '../host/types'

/**
 * Downloads `text` as a file: the subscriber keeps their cancellation confirmation without needing
 * clipboard permission or a printer, and it works the same in every browser.
 */
export function saveTextFile(host: Host, name: string, text: string): void {
  const { document, window } = host
  const url = window.URL.createObjectURL(new window.Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  window.setTimeout(() => window.URL.revokeObjectURL(url), 1000)
}
