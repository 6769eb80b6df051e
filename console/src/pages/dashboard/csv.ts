/** The CSV format itself is shared with the server's raw export (shared/src/csv.ts). */
export { type CsvCell, csvField, toCsv } from '@retainkit/shared/csv'

/** `retainkit-acme-cancellation-reasons-3months.csv`; custom periods keep their dates, minus the colons. */
export function csvFilename(accountId: string, dataset: string, period: string): string {
  const safe = (part: string) =>
    part
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
  return `retainkit-${safe(accountId)}-${safe(dataset)}-${safe(period)}.csv`
}

/**
 * Starts the download in the browser. The UTF-8 byte order mark makes Excel read accented write-in words
 * correctly; other tools ignore it.
 */
export function downloadCsv(filename: string, csv: string, doc: Document = document): void {
  downloadBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), doc)
}

/** Starts the download of any file made in the browser. */
export function downloadBlob(filename: string, blob: Blob, doc: Document = document): void {
  const url = URL.createObjectURL(blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  doc.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next task: Chromium has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
