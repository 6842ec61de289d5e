import {
  alertsForRun, buildTrends, meanDifferenceZ, percentChange, topicScaledMentions, trendPointOf, truncateQueryLabel, twoProportionZ, wilson,
  type TrendAnswer, type TrendPoint,
} from '.'

const BRANDS = [
  { name: 'Brooks', isOwn: true },
  { name: 'Nike', isOwn: false },
]
const QUERIES = [
  { index: 0, query: 'best running shoes', topic: 'Comfort' },
  { index: 1, query: 'cheap running shoes', topic: 'Price' },
]
const ans = (modelId: number, queryIndex: number, mentions: Record<string, number>, rankings: Record<string, number> = {}, over: Partial<TrendAnswer> = {}): TrendAnswer => ({
  modelId, queryIndex, sample: 1, ok: true, text: 'x', mentions, rankings, ...over,
})

/**
 * Day 1 by hand (models 3 and 8, two queries):
 *   3/q0: Brooks 2 (rank 1), Nike 1 (rank 2)    3/q1: Nike 1 (rank 1)
 *   8/q0: Brooks 1 (rank 2)                     8/q1: failed
 *   model 2 (not a card model): ignored
 * Answered 3. Brooks: mentions 3, ranked in 2 answers; rank per model 1 (claude) and 2 (chatgpt) -> combined 1.5.
 * Nike: mentions 2, ranked in 2 answers; claude ranks 2 and 1 -> 1.5, chatgpt none -> combined 1.5.
 */
const DAY1_ANSWERS = [
  ans(3, 0, { Brooks: 2, Nike: 1 }, { Brooks: 1, Nike: 2 }),
  ans(3, 1, { Brooks: 0, Nike: 1 }, { Nike: 1 }),
  ans(8, 0, { Brooks: 1, Nike: 0 }, { Brooks: 2 }),
  ans(8, 1, {}, {}, { ok: false, text: '' }),
  ans(2, 0, { Brooks: 5 }, { Brooks: 1 }),
]

describe('trendPointOf', () => {
  it('sums mentions, counts ranked answers and takes the combined rank', () => {
    const p = trendPointOf({ analysisId: 1, date: '2025-05-01', queries: QUERIES, brands: BRANDS, answers: DAY1_ANSWERS })
    expect(p.answered).toBe(3)
    expect(p.mentionsTotal).toBe(5)
    expect(p.rawMentionsTotal).toBe(5)
    expect(p.ownBrand).toBe('Brooks')
    expect(p.brands.Brooks).toEqual({ mentions: 3, rawMentions: 3, rankedAnswers: 2, rank: 1.5, rankSum: 1 + 2, rankSumSq: 1 + 4 })
    expect(p.brands.Nike).toEqual({ mentions: 2, rawMentions: 2, rankedAnswers: 2, rank: 1.5, rankSum: 2 + 1, rankSumSq: 4 + 1 })
    // Per query: q0 Brooks 1.5 (claude 1, chatgpt 2), Nike 2; q1 Nike 1.
    expect(p.queryRanks).toEqual({ 0: { Brooks: 1.5, Nike: 2 }, 1: { Nike: 1 } })
  })

  it('averages samples for mentions and rank, and counts every sample for the interval', () => {
    // Claude q0 asked twice: Brooks 2 (rank 1) and 1 (rank 3) -> mentions mean 1.5, raw 3, query rank mean(1, 3) = 2.
    const p = trendPointOf({
      analysisId: 2, date: '2025-05-02', queries: QUERIES, brands: BRANDS,
      answers: [ans(3, 0, { Brooks: 2, Nike: 0 }, { Brooks: 1 }), ans(3, 0, { Brooks: 1, Nike: 1 }, { Brooks: 3 }, { sample: 2 })],
    })
    expect(p.answered).toBe(2)
    expect(p.brands.Brooks).toEqual({ mentions: 1.5, rawMentions: 3, rankedAnswers: 2, rank: 2, rankSum: 1 + 3, rankSumSq: 1 + 9 })
    expect(p.queryRanks).toEqual({ 0: { Brooks: 2 } })
    // Nike: mean(0, 1) = 0.5 mentions, 1 raw.
    expect(p.brands.Nike.mentions).toBe(0.5)
    expect(p.rawMentionsTotal).toBe(4)
  })
})

describe('wilson (95 %)', () => {
  it('3 of 10 -> 10.8 % to 60.3 %', () => {
    // p = .3, z² = 3.8415: centre = (.3 + .19207) / 1.38415 = .35551, half = 1.41601 x sqrt(.021 + .0096036) = .24772
    expect(wilson(3, 10)).toEqual({ low: 10.8, high: 60.3 })
  })
  it('0 of 20 -> 0 % to 16.1 %', () => {
    // centre = half = .0960365 / 1.19207 = .080563 -> high .161126
    expect(wilson(0, 20)).toEqual({ low: 0, high: 16.1 })
  })
  it('no interval without n', () => {
    expect(wilson(0, 0)).toBeNull()
  })
})

describe('small rules', () => {
  it('percent change against the previous day', () => {
    expect(percentChange(3, 4.5)).toBe(50)
    expect(percentChange(2, 0)).toBe(-100)
    expect(percentChange(0, 1)).toBeNull()
    expect(percentChange(null, 1)).toBeNull()
  })
  it('query labels cut at 50 characters plus an ellipsis', () => {
    const q = 'which running shoes are best for long distance road running in wet weather'
    expect(truncateQueryLabel(q)).toBe('which running shoes are best for long distance roa...')
    expect(truncateQueryLabel('a'.repeat(50))).toBe('a'.repeat(50))
  })
  it('topic trend scales brand mentions by the topic share of queries', () => {
    // 4.5 mentions, 2 of 3 queries in the topic -> 3; 1 of 3 -> 1.5
    expect(topicScaledMentions(4.5, 2, 3)).toBe(3)
    expect(topicScaledMentions(4.5, 1, 3)).toBe(1.5)
    expect(topicScaledMentions(4, 1, 0)).toBe(0)
  })
  it('two-proportion z', () => {
    // 30/100 vs 140/700: pooled .2125, se = sqrt(.2125 x .7875 x (1/100 + 1/700)) = .043732 -> z = .1 / .043732 = 2.287
    expect(twoProportionZ(30, 100, 140, 700)).toBeCloseTo(2.2866, 3)
    // 45/100 vs 140/700: pooled .23125, se = .0450743 -> z = .25 / .0450743 = 5.546
    expect(twoProportionZ(45, 100, 140, 700)).toBeCloseTo(5.5464, 3)
  })
})

describe('buildTrends', () => {
  const day1 = trendPointOf({ analysisId: 1, date: '2025-05-01', queries: QUERIES, brands: BRANDS, answers: DAY1_ANSWERS })
  /**
   * Day 2: three queries (q2 'trail running shoes', topic Comfort); claude only.
   *   q0: Brooks 3 (rank 1), Nike 0     q1: Brooks 1 (rank 2), Nike 0     q2: Brooks 0, Nike 0
   * Brooks 4 mentions, Nike 0. Brooks rank mean(1, 2) = 1.5; query ranks q0 1, q1 2.
   */
  const day2 = trendPointOf({
    analysisId: 2,
    date: '2025-05-02',
    queries: [...QUERIES, { index: 2, query: 'trail running shoes', topic: 'Comfort' }],
    brands: BRANDS,
    answers: [ans(3, 0, { Brooks: 3, Nike: 0 }, { Brooks: 1 }), ans(3, 1, { Brooks: 1, Nike: 0 }, { Brooks: 2 }), ans(3, 2, { Brooks: 0, Nike: 0 })],
  })
  // An earlier analysis of day 2 that was replaced by the later one (analysis 2): ignored.
  const day2early: TrendPoint = { ...day1, analysisId: 0, date: '2025-05-02' }

  const v = buildTrends([day2, day2early, day1])

  it('orders days, picks the latest analysis of a date, and ranks brands by total mentions', () => {
    expect(v.days.map((d) => [d.date, d.analysisId])).toEqual([['2025-05-01', 1], ['2025-05-02', 2]])
    expect(v.brands.map((b) => [b.name, b.isOwn, b.totalMentions])).toEqual([['Brooks', true, 7], ['Nike', false, 2]])
    expect(v.defaultBrands).toEqual(['Brooks', 'Nike'])
    expect(v.totals).toEqual({ Brooks: 7, Nike: 2 })
  })

  it('carries n and a Wilson interval on every rate, and the daily change', () => {
    const b1 = v.days[0].brands.Brooks
    // share 3/5 = 60 %, rank rate 2/3 = 66.7 %
    expect(b1.share).toMatchObject({ value: 60, x: 3, n: 5 })
    expect(b1.rankRate).toMatchObject({ value: 66.7, x: 2, n: 3 })
    expect(b1.share.interval).toEqual(wilson(3, 5))
    expect(b1.change).toBeNull()
    const b2 = v.days[1].brands.Brooks
    // 3 -> 4 mentions: +33.3 %; share 4/4 = 100 %; rank rate 2 of 3 answers
    expect(b2).toMatchObject({ mentions: 4, change: 33.3, rank: 1.5, share: { value: 100, x: 4, n: 4 }, rankRate: { value: 66.7, x: 2, n: 3 } })
    expect(v.days[1].brands.Nike).toMatchObject({ mentions: 0, change: -100, rank: null })
  })

  it('query ranking over time for the selected query (latest day first in the list)', () => {
    expect(v.queries.map((q) => q.query)).toEqual(['best running shoes', 'cheap running shoes', 'trail running shoes'])
    expect(v.query).toBe('best running shoes')
    expect(v.queryRanks).toEqual([
      { date: '2025-05-01', ranks: { Brooks: 1.5, Nike: 2 } },
      { date: '2025-05-02', ranks: { Brooks: 1, Nike: null } },
    ])
    const cheap = buildTrends([day1, day2], { query: 'cheap running shoes' })
    expect(cheap.queryRanks.map((r) => r.ranks)).toEqual([{ Brooks: null, Nike: 1 }, { Brooks: 2, Nike: null }])
  })

  it('topic trend: the selected brand scaled by each topic share of the day', () => {
    // Day 1: Brooks 3, Comfort 1/2 and Price 1/2 -> 1.5 each. Day 2: Brooks 4, Comfort 2/3 -> 2.7, Price 1/3 -> 1.3.
    expect(v.topics).toEqual(['Comfort', 'Price'])
    expect(v.topicBrand).toBe('Brooks')
    expect(v.topicTrend).toEqual([
      { date: '2025-05-01', values: { Comfort: 1.5, Price: 1.5 } },
      { date: '2025-05-02', values: { Comfort: 2.7, Price: 1.3 } },
    ])
    // Nike: day 1 2 mentions -> 1 and 1; day 2 none.
    expect(buildTrends([day1, day2], { topicBrand: 'Nike' }).topicTrend.map((t) => t.values)).toEqual([{ Comfort: 1, Price: 1 }, { Comfort: 0, Price: 0 }])
  })
})

describe('alerts', () => {
  /** A day whose own brand has `x` of `n` mention occurrences and is ranked in `ranked` of `answered` answers. */
  const day = (i: number, x: number, n: number, ranked = 50, answered = 100): TrendPoint => ({
    analysisId: i, date: `2025-06-${String(i).padStart(2, '0')}`, answered, mentionsTotal: n, rawMentionsTotal: n, queries: [], ownBrand: 'Brooks',
    brands: { Brooks: { mentions: x, rawMentions: x, rankedAnswers: ranked, rank: 2 } }, queryRanks: {},
  })

  it('raises one on a real shift of the mention share', () => {
    // Baseline 7 runs of 20/100 = 140/700; the run 45/100: z = 5.55 >= 3.29.
    const base = [1, 2, 3, 4, 5, 6, 7].map((i) => day(i, 20, 100))
    const alerts = alertsForRun(day(8, 45, 100), base)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ metric: 'share', direction: 'up', current: { value: 45, x: 45, n: 100 }, baseline: { value: 20, x: 140, n: 700 }, baselineRuns: 7 })
    expect(alerts[0].z).toBeCloseTo(5.55, 2)
  })

  it('none for a move chance explains (z = 2.29) or with fewer than 3 earlier runs', () => {
    const base = [1, 2, 3, 4, 5, 6, 7].map((i) => day(i, 20, 100))
    expect(alertsForRun(day(8, 30, 100), base)).toEqual([])
    expect(alertsForRun(day(3, 60, 100), base.slice(0, 2))).toEqual([])
  })

  it('none over 30 days of stable data with binomial noise', () => {
    // Deterministic noise: share draws of 100 occurrences around 25 % (a linear congruential generator, seed 7).
    let s = 7
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
    const draw = (n: number, p: number) => Array.from({ length: n }, rnd).filter((u) => u < p).length
    const days = Array.from({ length: 30 }, (_, i) => day(i + 1, draw(100, 0.25), 100, draw(100, 0.5), 100))
    expect(buildTrends(days).alerts).toEqual([])
  })
})

describe('rank alert (two-sample z-test of the mean own-brand rank, |z| >= 3.29)', () => {
  /** A day whose own brand is ranked in `n` answers with these rank sums (share and visibility kept flat). */
  const day = (i: number, n: number, rankSum: number, rankSumSq: number): TrendPoint => ({
    analysisId: i, date: `2025-07-${String(i).padStart(2, '0')}`, answered: 100, mentionsTotal: 100, rawMentionsTotal: 100, queries: [], ownBrand: 'Brooks',
    brands: { Brooks: { mentions: 20, rawMentions: 20, rankedAnswers: n, rank: 2, rankSum, rankSumSq } }, queryRanks: {},
  })
  // Each baseline run: 10 answers, five ranked 2 and five ranked 3 (sum 25, squares 65); pooled n 70, mean 2.5, variance 17.5/69.
  const base = [1, 2, 3, 4, 5, 6, 7].map((i) => day(i, 10, 25, 65))

  it('raises one when the rank worsens beyond chance: five 4s and five 5s, mean 4.5, z = 2 / sqrt(0.2778/10 + 0.2536/70) = 11.29', () => {
    const alerts = alertsForRun(day(8, 10, 45, 205), base)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ metric: 'rank', direction: 'up', current: { value: 4.5, x: 45, n: 10 }, baseline: { value: 2.5, x: 175, n: 70 }, baselineRuns: 7 })
    expect(alerts[0].z).toBeCloseTo(11.29, 2)
    expect(alerts[0].message).toBe('Average rank of Brooks worsened to 4.5 (n=10 ranked answers) from 2.5 (n=70) over the previous 7 runs')
    expect(meanDifferenceZ({ n: 10, sum: 45, sumSq: 205 }, { n: 70, sum: 175, sumSq: 455 })).toBeCloseTo(11.2865, 3)
  })

  it('none for a move chance explains (six 3s and four 2s: z = 0.57), with fewer than 10 ranked answers, or without stored rank sums', () => {
    expect(alertsForRun(day(8, 10, 26, 70), base)).toEqual([])
    expect(alertsForRun(day(8, 5, 45, 405), base)).toEqual([])
    const old = day(8, 10, 45, 205)
    delete old.brands.Brooks.rankSum
    expect(alertsForRun(old, base)).toEqual([])
  })

  it('none over 30 days of stable ranks (40 answers a day, ranks 1-5 uniformly at random; largest |z| 2.84)', () => {
    let s = 7
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
    const days = Array.from({ length: 30 }, (_, i) => {
      const ranks = Array.from({ length: 40 }, () => 1 + Math.floor(rnd() * 5))
      return day(i + 1, 40, ranks.reduce((a, r) => a + r, 0), ranks.reduce((a, r) => a + r * r, 0))
    })
    expect(days.flatMap((d, i) => alertsForRun(d, days.slice(0, i)))).toEqual([])
  })

  it('a stored point carries the rank sums over every ranked answer', () => {
    const p = trendPointOf({
      analysisId: 1, date: '2025-07-01', queries: [{ index: 0, query: 'q' }], brands: [{ name: 'Brooks', isOwn: true }],
      answers: [
        { modelId: 8, queryIndex: 0, sample: 1, ok: true, mentions: { Brooks: 1 }, rankings: { Brooks: 2 } },
        { modelId: 6, queryIndex: 0, sample: 1, ok: true, mentions: { Brooks: 1 }, rankings: { Brooks: 3 } },
        { modelId: 3, queryIndex: 0, sample: 1, ok: true, mentions: { Brooks: 0 }, rankings: {} },
      ],
    })
    expect(p.brands.Brooks).toMatchObject({ rankedAnswers: 2, rankSum: 5, rankSumSq: 13 })
  })
})


describe('per-model series', () => {
  /**
   * Two days, ChatGPT 5 (8) and Google AI Overview (11), two queries, one sample; the Overview is absent for q1 on day 2.
   *   day 1: 8 q0 Brooks (rank 1), q1 Nike; 11 q0 Brooks (rank 2), q1 Brooks + Nike
   *   day 2: 8 q0 Brooks, q1 Brooks; 11 q0 Nike, q1 absent
   * Day 2, model 11: 1 answer with text, 1 absent: Brooks 0 of 1 (not 0 of 2), Nike 1 of 1, presence 1 of 2.
   * q1 over both days, model 11: Brooks 1 of 1 (the absent day is in no n), absent 1.
   */
  const absent = (modelId: number, queryIndex: number): TrendAnswer => ans(modelId, queryIndex, {}, {}, { text: '', absent: true })
  const d1 = trendPointOf({
    analysisId: 1, date: '2025-06-01', queries: QUERIES, brands: BRANDS, held: [8, 11],
    answers: [ans(8, 0, { Brooks: 1 }, { Brooks: 1 }), ans(8, 1, { Nike: 1 }), ans(11, 0, { Brooks: 1 }, { Brooks: 2 }), ans(11, 1, { Brooks: 1, Nike: 1 })],
  })
  const d2 = trendPointOf({
    analysisId: 2, date: '2025-06-02', queries: QUERIES, brands: BRANDS, held: [8, 11],
    answers: [ans(8, 0, { Brooks: 1 }), ans(8, 1, { Brooks: 2 }), ans(11, 0, { Nike: 1 }), absent(11, 1)],
  })

  it('counts an absent AI Overview as absent, in no n, and keeps the brand totals to the six API models', () => {
    expect(d2.models?.[11]).toEqual({ answered: 1, absent: 1, brands: { Brooks: { mentioned: 0, rankedAnswers: 0, rank: null }, Nike: { mentioned: 1, rankedAnswers: 0, rank: null } } })
    expect(d1.models?.[11].brands.Brooks).toEqual({ mentioned: 2, rankedAnswers: 1, rank: 2 })
    // The brand totals: model 8 only (1 + 2 = 3 Brooks mentions on day 2), answered 2.
    expect(d2.answered).toBe(2)
    expect(d2.brands.Brooks.mentions).toBe(3)
  })

  it('lists the models with catalogue names and colours, and the selected query over the days', () => {
    const v = buildTrends([d1, d2], { query: 'cheap running shoes' })
    expect(v.models.map((m) => [m.id, m.name, m.colour, m.isEngine])).toEqual([[8, 'ChatGPT 5', '#10a37f', false], [11, 'Google AI Overview', '#fbbc04', true]])
    // Day 2, model 11: presence 1 of 2 = 50 % (Wilson 9.5-90.5), Brooks 0 of 1 (0-79.3).
    expect(v.days[1].models[11].presence).toEqual({ value: 50, x: 1, n: 2, interval: { low: 9.5, high: 90.5 } })
    expect(v.days[1].models[11].brands.Brooks.mentionRate).toEqual({ value: 0, x: 0, n: 1, interval: { low: 0, high: 79.3 } })
    expect(v.days[1].models[8].presence).toBeNull()
    // q1 ('cheap running shoes'), model 11: day 1 Brooks 1 of 1, day 2 absent -> 1 of 1 over both days (20.7-100).
    expect(v.queryModelTotals[11]).toEqual({
      answered: 1, absent: 1,
      brands: { Brooks: { value: 100, x: 1, n: 1, interval: { low: 20.7, high: 100 } }, Nike: { value: 100, x: 1, n: 1, interval: { low: 20.7, high: 100 } } },
    })
    // Model 8 on q1: Nike day 1, Brooks day 2 -> 1 of 2 each (9.5-90.5).
    expect(v.queryModelTotals[8].brands.Brooks).toEqual({ value: 50, x: 1, n: 2, interval: { low: 9.5, high: 90.5 } })
  })
})
