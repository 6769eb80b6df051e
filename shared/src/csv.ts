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
