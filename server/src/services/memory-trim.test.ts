import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createMemoryLogger } from './logger'
import { createMemoryTrim, TRIM_COLLECTION } from './memory-trim'

const MB = 2 ** 20

function harness(startMb: number) {
  let resident = startMb * MB
  const collections: object[] = []
  const logger = createMemoryLogger()
  const trim = createMemoryTrim({
    logger,
    growthBytes: 24 * MB,
    residentBytes: () => resident,
    collect: async (options) => {
      collections.push(options)
      resident = startMb * MB + 2 * MB
    },
  })
  return { trim, collections, logger, setResident: (mb: number) => (resident = mb * MB) }
}

describe('memory trim', () => {
  it('collects only once the resident set has grown past the threshold, then measures from after it', async () => {
    const h = harness(100)
    h.setResident(120)
    expect(await h.trim()).toBe(false)
    h.setResident(125)
    expect(await h.trim()).toBe(true)
    expect(h.collections).toEqual([TRIM_COLLECTION])
    expect(h.logger.lines.join('\n')).toContain('memory trimmed')
    // After the collection the set is 102 MB: 20 MB more is under the threshold again.
    h.setResident(122)
    expect(await h.trim()).toBe(false)
    expect(h.collections).toHaveLength(1)
  })

  it('follows the resident set down when it shrinks on its own', async () => {
    const h = harness(200)
    h.setResident(150)
    expect(await h.trim()).toBe(false)
    h.setResident(180)
    expect(await h.trim()).toBe(true)
  })

  it("hands this Node's emptied heap pages back to the system with the collection it asks for", () => {
    // A real process: 2M short-lived objects leave the heap committed after they die; the trim's
    // collection must return most of it (what the soak benchmark saw the server keep).
    const script = `
      let garbage = []; for (let i = 0; i < 2e6; i++) garbage.push({ i, s: 'x' + i }); garbage = null;
      const before = process.memoryUsage.rss();
      Promise.resolve(gc(${JSON.stringify(TRIM_COLLECTION)})).then(() => {
        process.stdout.write(JSON.stringify({ before, after: process.memoryUsage.rss() }));
      });`
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const { before, after } = JSON.parse(run.stdout) as { before: number; after: number }
    expect(before - after).toBeGreaterThan(100 * MB)
  })
})
