import { describe, expect, it } from 'vitest'
import { dealFiles } from './shards'

describe('dealFiles: the shards of npm test', () => {
  it('deals longest first to the least loaded shard', () => {
    // a 100, b 60, c 50, d 30, e 20: a→1 (100), b→2 (60), c→2 (110), d→1 (130), e→2 (130).
    const durations = { a: 100, b: 60, c: 50, d: 30, e: 20 }
    expect(dealFiles(['e', 'd', 'c', 'b', 'a'], durations, 2)).toEqual([['a', 'd'], ['b', 'c', 'e']])
  })

  it('weighs a file never measured as the median of the measured ones', () => {
    // Median of [10, 40, 90] is 40: new (40) goes after x (90) to the empty shard, then y (40, name order) to shard 2
    // (load 40 vs 90), then z (10) to shard 2 (80 vs 90).
    expect(dealFiles(['x', 'y', 'z', 'new'], { x: 90, y: 40, z: 10 }, 2)).toEqual([['x'], ['new', 'y', 'z']])
  })

  it('one shard takes every file; more shards than files leave some empty', () => {
    expect(dealFiles(['b', 'a'], {}, 1)).toEqual([['a', 'b']])
    expect(dealFiles(['a'], {}, 3)).toEqual([['a'], [], []])
  })
})
