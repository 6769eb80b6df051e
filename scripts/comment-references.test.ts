import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Code explains itself in its own words: a comment or test name that points at "spec 5" or "DESIGN 4"
 * sends the reader to documents this repository does not carry. Searches the tracked sources with git.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const SECTION_REFERENCE = String.raw`\b(spec|Spec|SPEC|DESIGN|design)[ .]?(§ ?)?[0-9]+(\.[0-9]+)*\b`

describe('section references', () => {
  it('finds a reference where one is written', () => {
    expect(new RegExp(SECTION_REFERENCE).test('// the rule of spec 5.2')).toBe(true)
    expect(new RegExp(SECTION_REFERENCE).test('/** DESIGN 4, Compliance */')).toBe(true)
    expect(new RegExp(SECTION_REFERENCE).test('// the spec lists five calls')).toBe(false)
  })

  it('leaves none in the sources', () => {
    const found = spawnSync(
      'git',
      [
        'grep',
        '-nE',
        SECTION_REFERENCE,
        '--',
        '*.ts',
        '*.tsx',
        '*.mjs',
        '*.js',
        '*.css',
        '*.sql',
        ':!scripts/comment-references.test.ts',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
    // git grep exits 1 when nothing matches; 0 lists the offenders.
    expect(found.status, found.stderr).not.toBe(2)
    expect(found.stdout.split('\n').filter(Boolean)).toEqual([])
  })
})
