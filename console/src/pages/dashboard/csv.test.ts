import { describe, expect, it } from 'vitest'
import { csvField, csvFilename, toCsv } from './csv'

describe('CSV export', () => {
  it('writes a header row and CRLF line ends', () => {
    expect(
      toCsv(
        ['Word', 'Mentions'],
        [
          ['price', 12],
          ['support', 3],
        ],
      ),
    ).toBe('Word,Mentions\r\nprice,12\r\nsupport,3\r\n')
  })

  it('quotes fields with commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\rhere')).toBe('"cr\rhere"')
    expect(csvField(' padded')).toBe('" padded"')
    expect(csvField('plain')).toBe('plain')
  })

  it('neutralises spreadsheet formulas in text but not negative numbers', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"')
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-cmd')).toBe("'-cmd")
    expect(csvField('@sum')).toBe("'@sum")
    expect(csvField(-3)).toBe('-3')
  })

  it('writes empty cells for missing values and non-finite numbers', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, Number.NaN]])).toBe('a,b,c\r\n,,\r\n')
  })

  it('names the file after the account, data set and period', () => {
    expect(csvFilename('acme', 'cancellation-reasons', '3months')).toBe(
      'retainkit-acme-cancellation-reasons-3months.csv',
    )
    expect(csvFilename('acme_co', 'saved-revenue', 'custom:2026-01-01:2026-01-31')).toBe(
      'retainkit-acme_co-saved-revenue-custom-2026-01-01-2026-01-31.csv',
    )
  })
})
