import { describe, expect, it } from 'vitest'
import { countChunk } from './crawlers'
import { aggregateText } from '../app/domain/crawlers/aggregate'
import { writeLog } from '../scripts/bench/logs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

describe('countChunk', () => {
  it('counts a large chunk in two halves (the second in the helper thread) with the figures of one pass', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'count-chunk-'))
    try {
      // About 1 MB of the benchmark's log: large enough to be cut in two.
      const written = writeLog(path.join(dir, 'a.log'), 1024 * 1024)
      const data = readFileSync(path.join(dir, 'a.log'))
      const split = await countChunk(data, { format: 'combined' }, 100)
      const whole = aggregateText(data.toString('utf8'), { format: 'combined' }, 100)
      const sorted = (a: typeof whole) => ({ ...a, hits: a.hits.map((h) => JSON.stringify(h)).sort(), referrals: a.referrals.map((r) => JSON.stringify(r)).sort() })
      expect(sorted(split)).toEqual(sorted(whole))
      // Every line the generator wrote is read, none is bad.
      expect(split.lines).toBe(written.lines)
      expect(split.badLines).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
