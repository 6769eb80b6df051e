import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { themeSchema } from './config/schema'
import {
  contrastRatio,
  cssVariablesToText,
  DEFAULT_THEME,
  meetsContrast,
  parseHex,
  relativeLuminance,
  resolveTheme,
  SYSTEM_FONT_STACK,
  sanitizeFontFamily,
  THEME_CSS_VARIABLES,
  themeContrastWarnings,
  themeToCssVariables,
} from './theme'

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`)

describe('colour maths', () => {
  it('parseHex reads 3 and 6 digits, with or without #, any case', () => {
    expect(parseHex('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc })
    expect(parseHex('aabbcc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc })
    expect(parseHex('#4F46E5')).toEqual({ r: 79, g: 70, b: 229 })
  })

  it('parseHex rejects everything else', () => {
    for (const bad of ['', '#', '#ab', '#abcd', '#abcde', '#abcdefa', '#ggg', 'red', 'rgb(0,0,0)']) {
      expect(parseHex(bad)).toBeNull()
    }
  })

  it('relativeLuminance follows WCAG: white 1, black 0, mid grey ~0.216', () => {
    expect(relativeLuminance('#fff')).toBe(1)
    expect(relativeLuminance('#000')).toBe(0)
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4)
  })

  it('contrastRatio: black on white is exactly 21, same colour is 1, order does not matter', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21)
    expect(contrastRatio('#fff', '#000')).toBe(21)
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  it('meetsContrast: AA needs 4.5, AA-large needs 3', () => {
    // #777 on white is the classic near miss (4.48:1); #767676 just passes (4.54:1).
    expect(meetsContrast('#777', '#fff', 'AA')).toBe(false)
    expect(meetsContrast('#767676', '#fff', 'AA')).toBe(true)
    expect(meetsContrast('#777', '#fff', 'AA-large')).toBe(true)
    expect(meetsContrast('#959595', '#fff', 'AA-large')).toBe(false)
  })

  it('refuses to measure something that is not a colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow(TypeError)
  })
})

describe('DEFAULT_THEME', () => {
  it('fills every field and validates against the theme schema', () => {
    expect(themeSchema.safeParse(DEFAULT_THEME).success).toBe(true)
    expect(Object.keys(DEFAULT_THEME).sort()).toEqual(
      [
        'background_color',
        'border_radius',
        'font_family',
        'primary_color',
        'secondary_color',
        'text_color',
      ].sort(),
    )
    expect(DEFAULT_THEME.font_family).toBe(SYSTEM_FONT_STACK)
    expect(DEFAULT_THEME.font_family).toContain('system-ui')
  })

  it('meets WCAG AA (4.5:1) for every text colour on its background', () => {
    const vars = themeToCssVariables(DEFAULT_THEME)
    const pairs: Array<[string, string]> = [
      ['--rk-text', '--rk-bg'],
      ['--rk-secondary', '--rk-bg'],
      ['--rk-primary-text', '--rk-primary'],
      ['--rk-muted', '--rk-bg'],
    ]
    for (const [fg, bg] of pairs) {
      const ratio = contrastRatio(vars[fg as keyof typeof vars], vars[bg as keyof typeof vars])
      expect(ratio, `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrastRatio(DEFAULT_THEME.text_color, DEFAULT_THEME.background_color)).toBeGreaterThanOrEqual(
      4.5,
    )
  })

  it('meets 3:1 for the focus ring, field borders and the primary button against the background', () => {
    const vars = themeToCssVariables(DEFAULT_THEME)
    expect(contrastRatio(vars['--rk-focus'], vars['--rk-bg'])).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(vars['--rk-border'], vars['--rk-bg'])).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(vars['--rk-primary'], vars['--rk-bg'])).toBeGreaterThanOrEqual(3)
  })

  it('produces no contrast warnings', () => {
    expect(themeContrastWarnings(DEFAULT_THEME)).toEqual([])
  })
})

describe('resolveTheme', () => {
  it('returns the default for no theme and fills gaps from it', () => {
    expect(resolveTheme()).toEqual(DEFAULT_THEME)
    expect(resolveTheme({ primary_color: '#0a7d33', border_radius: 0 })).toEqual({
      ...DEFAULT_THEME,
      primary_color: '#0a7d33',
      border_radius: 0,
    })
  })

  it('normalises colours and replaces invalid values with the default', () => {
    const theme = resolveTheme({
      primary_color: '#ABC',
      text_color: 'red;}',
      border_radius: -4,
      font_family: '  ',
    })
    expect(theme.primary_color).toBe('#aabbcc')
    expect(theme.text_color).toBe(DEFAULT_THEME.text_color)
    expect(theme.border_radius).toBe(0)
    expect(theme.font_family).toBe(DEFAULT_THEME.font_family)
    expect(resolveTheme({ border_radius: Number.NaN }).border_radius).toBe(DEFAULT_THEME.border_radius)
    expect(resolveTheme({ border_radius: 500 }).border_radius).toBe(64)
  })
})

describe('themeToCssVariables', () => {
  it('emits exactly the documented custom properties, in a fixed order', () => {
    expect(Object.keys(themeToCssVariables())).toEqual([...THEME_CSS_VARIABLES])
  })

  it('is deterministic', () => {
    const theme = { primary_color: '#0A7D33', font_family: 'Inter, sans-serif', border_radius: 12 }
    expect(themeToCssVariables(theme)).toEqual(themeToCssVariables({ ...theme }))
    expect(cssVariablesToText(themeToCssVariables(theme))).toBe(
      cssVariablesToText(themeToCssVariables(theme)),
    )
  })

  it('maps the theme fields and writes the radius in px', () => {
    const vars = themeToCssVariables({
      primary_color: '#0A7D33',
      background_color: '#FAFAFA',
      border_radius: 12,
    })
    expect(vars['--rk-primary']).toBe('#0a7d33')
    expect(vars['--rk-bg']).toBe('#fafafa')
    expect(vars['--rk-radius']).toBe('12px')
    expect(vars['--rk-font']).toBe(SYSTEM_FONT_STACK)
  })

  it('chooses a readable label colour on the primary, dark on light and light on dark', () => {
    expect(
      relativeLuminance(themeToCssVariables({ primary_color: '#ffd60a' })['--rk-primary-text']),
    ).toBeLessThan(0.2)
    expect(
      relativeLuminance(themeToCssVariables({ primary_color: '#1e1b4b' })['--rk-primary-text']),
    ).toBeGreaterThan(0.8)
  })

  it('for any colours: primary text reaches 4.5:1 and the focus ring 3:1', () => {
    fc.assert(
      fc.property(hexColour, hexColour, hexColour, (primary, background, text) => {
        const vars = themeToCssVariables({
          primary_color: primary,
          background_color: background,
          text_color: text,
        })
        expect(contrastRatio(vars['--rk-primary-text'], vars['--rk-primary'])).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(vars['--rk-focus'], vars['--rk-bg'])).toBeGreaterThanOrEqual(3)
      }),
    )
  })

  it('for any readable text colour: muted stays AA, the border stays 3:1', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (background, text) => {
        fc.pre(contrastRatio(text, background) >= 4.5)
        const vars = themeToCssVariables({ background_color: background, text_color: text })
        expect(contrastRatio(vars['--rk-muted'], vars['--rk-bg'])).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(vars['--rk-border'], vars['--rk-bg'])).toBeGreaterThanOrEqual(3)
      }),
    )
  })

  it('mutes the default text colour visibly (it is not just the text colour again)', () => {
    const vars = themeToCssVariables()
    expect(vars['--rk-muted']).not.toBe(vars['--rk-text'])
  })
})

describe('font family sanitising', () => {
  it('keeps ordinary stacks unchanged', () => {
    expect(sanitizeFontFamily('"Open Sans", Arial, sans-serif')).toBe('"Open Sans", Arial, sans-serif')
    expect(sanitizeFontFamily("'Noto Sans JP', sans-serif")).toBe("'Noto Sans JP', sans-serif")
    expect(sanitizeFontFamily(SYSTEM_FONT_STACK)).toBe(SYSTEM_FONT_STACK)
  })

  it('blocks `;}</style>` injection from the theme into the style sheet', () => {
    const css = cssVariablesToText(
      themeToCssVariables({ font_family: 'Inter;}</style><script>alert(1)</script><style>:host{color:red' }),
    )
    expect(css.startsWith(':host{')).toBe(true)
    expect(css.endsWith('}')).toBe(true)
    expect(css).not.toMatch(/[<>\\]/)
    expect(css.match(/[{}]/g)).toEqual(['{', '}'])
    const font = /--rk-font:([^;}]*)/.exec(css)?.[1]
    expect(font).toBe('Interstylescriptalert1scriptstylehostcolorred')
  })

  it('strips backslashes, comments and function syntax', () => {
    expect(sanitizeFontFamily('Inter\\3b /* x */ url(evil)')).toBe('Inter3b x urlevil')
  })

  it('balances quotes so a string cannot swallow the rest of the sheet', () => {
    expect(sanitizeFontFamily('"Open Sans, sans-serif')).toBe('Open Sans, sans-serif')
    expect(sanitizeFontFamily('"O\'Reilly", serif')).toBe('"O\'Reilly", serif')
    expect(sanitizeFontFamily('Arial, "Helvetica')).toBe('Arial, Helvetica')
  })

  it('caps the length at 100 and falls back to the system stack when nothing is left', () => {
    expect(sanitizeFontFamily(`"${'A'.repeat(150)}"`).length).toBeLessThanOrEqual(100)
    expect(sanitizeFontFamily(';{}<>')).toBe(SYSTEM_FONT_STACK)
    expect(sanitizeFontFamily(undefined)).toBe(SYSTEM_FONT_STACK)
    expect(sanitizeFontFamily(' , ')).toBe(SYSTEM_FONT_STACK)
  })
})

describe('cssVariablesToText', () => {
  it('writes a :host rule', () => {
    expect(cssVariablesToText({ '--rk-primary': '#4f46e5', '--rk-radius': '8px' })).toBe(
      ':host{--rk-primary:#4f46e5;--rk-radius:8px}',
    )
  })

  it('skips names that are not custom properties and neutralises values', () => {
    expect(
      cssVariablesToText({ color: 'red', '--x}': '1', '--rk-a': 'a;}b</style>', '--rk-b': '"open' }),
    ).toBe(':host{--rk-a:ab/style;--rk-b:open}')
  })
})

describe('themeContrastWarnings', () => {
  it('describes each failing pair in words, with the ratio floored to one decimal', () => {
    expect(themeContrastWarnings({ text_color: '#999999', background_color: '#ffffff' })).toEqual([
      'Text colour on background has contrast 2.8:1; WCAG AA needs 4.5:1',
    ])
    // 4.48:1 must not read as 4.5:1.
    expect(themeContrastWarnings({ text_color: '#777777' })).toEqual([
      'Text colour on background has contrast 4.4:1; WCAG AA needs 4.5:1',
    ])
  })

  it('checks secondary text (4.5:1) and the primary colour as a control (3:1)', () => {
    expect(themeContrastWarnings({ secondary_color: '#aaaaaa', primary_color: '#ffe066' })).toEqual([
      'Secondary colour on background has contrast 2.3:1; WCAG AA needs 4.5:1 for text',
      'Primary colour on background has contrast 1.3:1; WCAG AA needs 3:1 for buttons and controls',
    ])
  })
})
