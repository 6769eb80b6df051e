import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { axeProblems } from './axe'
import { overlappingText } from './text-overlap'

/**
 * A page fits a width: nothing scrolls sideways, no text on other text (within `scope` only, e.g. an
 * open modal sheet), and axe-core finds nothing serious (`axe: 'all'`: nothing at any impact).
 */
export async function expectCleanLayout(
  page: Page,
  width: number,
  options: { axe?: 'serious' | 'all'; scope?: string } = {},
): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  expect(await overlappingText(page, 2, options.scope)).toEqual([])
  expect(await axeProblems(page, { all: options.axe === 'all' })).toEqual([])
}
