/**
 * CSV export (RFC 4180): comma-separated, CRLF line ends, a header row, and every field that holds a
 * comma, quote, line break or edge whitespace wrapped in quotes with inner quotes doubled. Text cells
 * that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) get a leading `'`:
 * write-in words and reason keys come from other people and must not execute in the merchant's Excel.
 */

export type CsvCell = string | number | null | undefined

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/
const FORMULA_START = /^[=+\-@\t\r]/

export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}

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
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' })
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
