import { describe, expect, it } from 'vitest'
import {
  buildScatter, clampScatterRank, clampScatterShare, combinedRank, heatBracket, heatmapLevel, mentionPercentBand, rankBand,
  pieSlicesOf, round1, scatterDotColour, scatterRankAxisMax, scatterRankTicks, scatterShareAxisMax, scatterShareTicks, truncateLabel,
  visibilityBand, visibilityPercent,
} from './colours'

describe('rankBand (1-3 green, 4-6 yellow, 7+ red, none/0 grey)', () => {
  it.each([
    [1, 'green'], [3, 'green'], [3.5, 'yellow'], [4, 'yellow'], [6, 'yellow'], [6.1, 'red'], [7, 'red'], [20, 'red'],
    [0, 'grey'], [-1, 'grey'], [null, 'grey'], [undefined, 'grey'], [Number.NaN, 'grey'],
  ] as const)('%s -> %s', (rank, band) => {
    expect(rankBand(rank)).toBe(band)
  })
})

describe('mentionPercentBand (80+ green, 50+ yellow, 20+ orange, 1+ red)', () => {
  it.each([
    [100, 'green'], [80, 'green'], [79.9, 'yellow'], [50, 'yellow'], [49.9, 'orange'], [20, 'orange'], [19.9, 'red'],
    [1, 'red'], [0.9, 'none'], [0, 'none'],
  ] as const)('%s -> %s', (pct, band) => {
    expect(mentionPercentBand(pct)).toBe(band)
  })
})

describe('visibilityBand (at least 80, 50, 20, above 0)', () => {
  it.each([
    [100, 'green'], [80, 'green'], [79, 'yellow'], [50, 'yellow'], [49, 'orange'], [20, 'orange'], [19, 'red'],
    [17, 'red'], [0.5, 'red'], [0, 'none'],
  ] as const)('%s -> %s', (pct, band) => {
    expect(visibilityBand(pct)).toBe(band)
  })
})

describe('heatBracket (1-4, 5-9, 10-14, 15-19, 20+)', () => {
  it.each([
    [0, 0], [0.5, 1], [1, 1], [4, 1], [4.5, 1], [5, 2], [9, 2], [10, 3], [14, 3], [15, 4], [19, 4], [20, 5], [250, 5], [-3, 0],
  ] as const)('%s -> %s', (n, bracket) => {
    expect(heatBracket(n)).toBe(bracket)
  })
})

describe('heatmapLevel (thresholds 5..70, 0 grey)', () => {
  it.each([
    [0, 0], [0.1, 1], [4.9, 1], [5, 2], [9.9, 2], [10, 3], [15, 4], [20, 5], [25, 6], [30, 7], [39.9, 7], [40, 8], [50, 9],
    [60, 10], [70, 11], [100, 11],
  ] as const)('%s%% -> level %s', (pct, level) => {
    expect(heatmapLevel(pct)).toBe(level)
  })
})

describe('combinedRank (mean of non-zero ranks, 1 decimal)', () => {
  it('ignores zero, null and undefined', () => {
    // (1 + 2 + 4) / 3 = 2.333 -> 2.3
    expect(combinedRank([1, 0, 2, null, undefined, 4])).toBe(2.3)
  })
  it('rounds half up', () => {
    expect(combinedRank([1, 2])).toBe(1.5)
    expect(combinedRank([2, 2, 3])).toBe(2.3) // 2.333
    expect(combinedRank([1, 2, 2])).toBe(1.7) // 1.667
    expect(combinedRank([1.1, 1.2])).toBe(1.2) // 1.15 exactly half -> up, despite binary 1.1499999
    expect(combinedRank([2.2, 2.3])).toBe(2.3) // 2.25 -> 2.3
  })
  it('is null when nothing is ranked', () => {
    expect(combinedRank([])).toBeNull()
    expect(combinedRank([0, null])).toBeNull()
  })
  it('round1 is half-up', () => {
    expect(round1(0.05)).toBe(0.1)
    expect(round1(1.04)).toBe(1)
  })
})

describe('visibilityPercent (rounded share of the 6 card models with rank > 0)', () => {
  it('counts only the six card ids', () => {
    expect(visibilityPercent({ 3: 1, 5: 2, 6: 3, 8: 4, 9: 5, 10: 6 })).toBe(100)
    // 3 of 6 = 50
    expect(visibilityPercent({ 3: 1, 5: 0, 6: null, 8: 2, 9: 7 })).toBe(50)
    // legacy id 1 ignored; 1 of 6 = 16.67 -> 17
    expect(visibilityPercent({ 1: 1, 8: 2 })).toBe(17)
    // 4 of 6 = 66.67 -> 67
    expect(visibilityPercent({ 3: 1, 5: 1, 6: 1, 8: 1 })).toBe(67)
  })
  it('treats missing models as not visible', () => {
    expect(visibilityPercent({})).toBe(0)
    expect(visibilityPercent({ 3: 2, 5: 2 })).toBe(33)
  })
})

describe('scatter helpers', () => {
  it('rank axis: 1 to at most 10, minimum 5', () => {
    expect(scatterRankAxisMax([1, 2])).toBe(5)
    expect(scatterRankAxisMax([1, 6.2])).toBe(7)
    expect(scatterRankAxisMax([3, 99])).toBe(10)
    expect(scatterRankAxisMax([])).toBe(5)
    expect(scatterRankTicks(5)).toEqual([1, 2, 3, 4, 5])
  })

  it('share axis max steps 15, 25, ... 85, else 100', () => {
    expect(scatterShareAxisMax([0])).toBe(15)
    expect(scatterShareAxisMax([15])).toBe(15)
    expect(scatterShareAxisMax([15.1])).toBe(25)
    expect(scatterShareAxisMax([10, 47])).toBe(55)
    expect(scatterShareAxisMax([85])).toBe(85)
    expect(scatterShareAxisMax([85.5])).toBe(100)
  })

  it('ticks step 5 if max <= 20, 10 if <= 50, else 20', () => {
    expect(scatterShareTicks(15)).toEqual([0, 5, 10, 15])
    expect(scatterShareTicks(25)).toEqual([0, 10, 20, 25])
    expect(scatterShareTicks(45)).toEqual([0, 10, 20, 30, 40, 45])
    expect(scatterShareTicks(100)).toEqual([0, 20, 40, 60, 80, 100])
  })

  it('clamps rank to 1..10 (not found = 99 -> 10) and share to 0..max+5', () => {
    expect(clampScatterRank(null)).toBe(10)
    expect(clampScatterRank(0)).toBe(10)
    expect(clampScatterRank(12)).toBe(10)
    expect(clampScatterRank(0.5)).toBe(1)
    expect(clampScatterRank(4)).toBe(4)
    expect(clampScatterShare(40, 25)).toBe(30)
    expect(clampScatterShare(-2, 25)).toBe(0)
  })

  it('dot colour: green rank<=2 & share>=40% of max; yellow rank<=3 & share>=25%; else red', () => {
    // axis max 25: 40% = 10, 25% = 6.25
    expect(scatterDotColour(2, 10, 25)).toBe('green')
    expect(scatterDotColour(2, 9.9, 25)).toBe('yellow')
    expect(scatterDotColour(3, 6.25, 25)).toBe('yellow')
    expect(scatterDotColour(3, 6.2, 25)).toBe('red')
    expect(scatterDotColour(3.1, 20, 25)).toBe('red')
    expect(scatterDotColour(null, 20, 25)).toBe('red')
  })

  it('labels are cut at 12 characters plus an ellipsis', () => {
    expect(truncateLabel('Running shoes')).toBe('Running shoe...')
    expect(truncateLabel('Trail runner')).toBe('Trail runner')
  })

  it('buildScatter assembles axes and points', () => {
    const chart = buildScatter([
      { label: 'Marathon training', share: 12, rank: 1 },
      { label: 'Trail', share: 3, rank: null },
    ])
    expect(chart.rankAxisMax).toBe(10) // a not-found brand (99) stretches the axis to 10
    expect(chart.shareAxisMax).toBe(15)
    expect(chart.shareTicks).toEqual([0, 5, 10, 15])
    expect(chart.points).toEqual([
      { label: 'Marathon tra...', fullLabel: 'Marathon training', share: 12, rank: 1, actualShare: 12, actualRank: 1, colour: 'green' },
      { label: 'Trail', fullLabel: 'Trail', share: 3, rank: 10, actualShare: 3, actualRank: null, colour: 'red' },
    ])
  })
})

describe('pieSlicesOf: a colour per slice', () => {
  // 20 brands: the own brand with 10 mentions, competitors c1..c19 with 19..1 mentions; shares as given.
  const brands = [
    { name: 'Own', mentions: 10, share: 5, isOwn: true },
    ...Array.from({ length: 19 }, (_, i) => ({ name: `c${i + 1}`, mentions: 19 - i, share: 1.5, isOwn: false })),
  ]
  it('keeps the own brand and the six competitors with the most mentions, and groups the other thirteen as Others', () => {
    const slices = pieSlicesOf(brands, 6)
    expect(slices.map((s) => s.name)).toEqual(['Own', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'Others (13)'])
    const others = slices.at(-1)!
    // c7..c19 have 13..1 mentions: 13 x 14 / 2 = 91; shares 13 x 1.5 = 19.5
    expect(others).toEqual({ name: 'Others (13)', value: 91, share: 19.5, isOwn: false, grouped: Array.from({ length: 13 }, (_, i) => `c${i + 7}`) })
  })
  it('groups nothing while every competitor has a colour, and never a single brand (it would only lose its name)', () => {
    expect(pieSlicesOf(brands.slice(0, 7), 6).map((s) => s.name)).toEqual(['Own', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'])
    // seven competitors on six colours: five keep theirs, c6 and c7 (the two smallest) share Others
    expect(pieSlicesOf(brands.slice(0, 8), 6).map((s) => s.name)).toEqual(['Own', 'c1', 'c2', 'c3', 'c4', 'c5', 'Others (2)'])
  })
  it('leaves out brands without mentions', () => {
    expect(pieSlicesOf([{ name: 'Own', mentions: 0, share: 0, isOwn: true }, { name: 'A', mentions: 2, share: 100, isOwn: false }], 6).map((s) => s.name)).toEqual(['A'])
  })
})
