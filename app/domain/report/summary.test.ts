import type { TrendPoint } from '../trends'
import { baselines, summaryFacts, type CitedAnswer, type SummaryInput } from './summary'
import { num, reportLang, summaryText } from './summary-text'

/** A trend point with only what the summary reads: the own brand's counts. */
function point(analysisId: number, date: string, mentions: number, total: number, ranked: number, answered: number): TrendPoint {
  return {
    analysisId, date, answered, mentionsTotal: total, rawMentionsTotal: total, queries: [], ownBrand: 'Brooks', queryRanks: {},
    brands: { Brooks: { mentions, rawMentions: mentions, rankedAnswers: ranked, rank: null } },
  }
}

const url = (u: string, domain: string, type: 'Owned' | 'Competitor' | 'Earned') => ({ url: u, domain, type })
function cited(queryIndex: number, urls: ReturnType<typeof url>[]): CitedAnswer {
  const domains = [...new Map(urls.map((x) => [x.domain, { domain: x.domain, type: x.type }])).values()]
  return { queryIndex, urls, domains }
}

function input(over: Partial<SummaryInput> = {}): SummaryInput {
  return {
    brand: 'Brooks',
    date: '2025-05-20',
    answers: 20,
    share: { value: 40, x: 40, n: 100 },
    visibility: { value: 50, x: 3, n: 6 },
    rank: { value: 1.6, spread: { n: 3, min: 1, max: 2, sd: 0.58 } },
    position: 2,
    engineShares: [
      { modelId: 3, share: 50 }, { modelId: 5, share: 10 }, { modelId: 6, share: 30 },
      { modelId: 8, share: 40 }, { modelId: 9, share: null }, { modelId: 10, share: 20 },
    ],
    brands: [{ name: 'Brooks', isOwn: true, share: 40 }, { name: 'Hoka', isOwn: false, share: 45 }, { name: 'Asics', isOwn: false, share: 10 }],
    points: [
      point(3, '2025-05-20', 40, 100, 12, 20),
      point(1, '2025-04-15', 38, 100, 12, 20),
      point(4, '2025-05-01', 10, 100, 2, 20),
      point(2, '2025-05-19', 20, 100, 11, 20),
    ],
    analysisId: 3,
    cited: [
      cited(0, [url('https://a.com/x', 'a.com', 'Earned'), url('https://hoka.com/1', 'hoka.com', 'Competitor')]),
      cited(1, [url('https://a.com/y', 'a.com', 'Earned'), url('https://brooks.com/', 'brooks.com', 'Owned')]),
      cited(1, [url('https://b.org/1', 'b.org', 'Earned'), url('https://asics.com/', 'asics.com', 'Competitor'), url('https://b.org/2', 'b.org', 'Earned')]),
    ],
    queries: [{ query: 'best shoes', visibility: 50 }, { query: 'cheap shoes', visibility: 0 }],
    ...over,
  }
}

describe('the executive summary', () => {
  it('compares with the previous run and the latest run at least 30 days older', () => {
    const b = baselines(input().points, 3)
    // 2025-05-20 minus 30 days is 2025-04-20: the run of 2025-05-01 is too recent, the one of 2025-04-15 is it.
    expect([b.previous?.analysisId, b.month?.analysisId]).toEqual([2, 1])
  })

  it('reports only changes beyond the noise, with the test', () => {
    const f = summaryFacts(input())
    const share = f.changes.find((c) => c.since === 'previous' && c.metric === 'share')!
    // 40/100 against 20/100: pooled p = 60/200 = 0.3, se = sqrt(0.3 * 0.7 * (1/100 + 1/100)) = 0.0648,
    // z = (0.4 - 0.2) / 0.0648 = 3.09 >= 1.96.
    expect(share).toMatchObject({ fromDate: '2025-05-19', delta: 20, z: 3.09, significant: true })
    // Rank rate 12/20 against 11/20: p = 23/40, se = sqrt(0.575 * 0.425 * 0.1) = 0.1563, z = 0.05 / 0.1563 = 0.32.
    expect(f.changes.find((c) => c.since === 'previous' && c.metric === 'rankRate')).toMatchObject({ z: 0.32, significant: false })
    // 30 days: 40/100 against 38/100: p = 0.39, se = sqrt(0.39 * 0.61 * 0.02) = 0.0690, z = 0.02 / 0.0690 = 0.29.
    expect(f.changes.find((c) => c.since === 'month' && c.metric === 'share')).toMatchObject({ fromDate: '2025-04-15', z: 0.29, significant: false })
  })

  it('names the standing with intervals, the engines, the competitor gap, the sources and three actions', () => {
    const f = summaryFacts(input())
    // Wilson 40/100: centre (0.4 + 1.9208/100) / 1.0384 = 0.4037, half 1.8875 * sqrt(0.0024 + 0.000096) = 0.0943.
    expect(f.standing.share).toEqual({ value: 40, x: 40, n: 100, ci: { low: 30.9, high: 49.8 } })
    // Five engines with answers: the top 3 (ceil 5/2) strongest, the bottom 2 (floor 5/2) weakest, weakest first.
    expect(f.engines.strongest.map((e) => e.modelId)).toEqual([3, 8, 6])
    expect(f.engines.weakest.map((e) => e.modelId)).toEqual([5, 10])
    // Hoka 45 % against Brooks 40 %: 5 points behind.
    expect(f.competitorGap).toEqual({ name: 'Hoka', share: 45, ownShare: 40, points: 5 })
    // 7 citations: a.com 2, b.org 2, then three domains with 1 (asics.com first by name); own 1 of 7 = 14.3 %.
    expect(f.sources.top).toEqual([
      { domain: 'a.com', citations: 2, share: 28.6 },
      { domain: 'b.org', citations: 2, share: 28.6 },
      { domain: 'asics.com', citations: 1, share: 14.3 },
    ])
    expect(f.sources.own).toMatchObject({ x: 1, n: 7, value: 14.3 })
    // a.com is cited next to brooks.com once, so only b.org is an outreach gap (one answer).
    expect(f.actions).toEqual([
      { kind: 'outreach', domain: 'b.org', citations: 1 },
      { kind: 'optimise', query: 'cheap shoes', visibility: 0 },
      { kind: 'engine', modelId: 5, share: 10 },
    ])
  })

  it('is written in English, German and Japanese from the same figures', () => {
    const f = summaryFacts(input())
    const en = summaryText(f, 'en').flatMap((s) => s.sentences).join(' ')
    expect(en).toContain('Brooks holds 40% of the brand mentions (n = 100 mentions; 95 % interval 30.9–49.8 %).')
    expect(en).toContain('Mention share rose from 20% to 40% since the previous run (2025-05-19) (two-proportion z-test, |z| ≥ 1.96, z = 3.09).')
    expect(en).toContain('No change beyond the noise since 30 days ago (run of 2025-04-15)')
    expect(en).toContain('Strongest engines: Claude Sonnet 4 (50%), ChatGPT 5 (40%), Gemini 2.0 Flash (30%).')
    expect(en).toContain('Top competitor Hoka holds 45% of mentions, 5 points ahead of the brand\'s 40%.')
    expect(en).toContain('Most-cited domains: a.com (28.6%), b.org (28.6%), asics.com (14.3%) (of 7 citations).')
    const de = summaryText(f, 'de').flatMap((s) => s.sentences).join(' ')
    expect(de).toContain('Brooks hat 40 % der Markennennungen (n = 100 Nennungen; 95-%-Intervall 30,9–49,8 %).')
    expect(de).toContain('Meistzitierte Domains: a.com (28,6 %), b.org (28,6 %), asics.com (14,3 %) (von 7 Zitaten).')
    const ja = summaryText(f, 'ja').flatMap((s) => s.sentences).join('')
    expect(ja).toContain('Brooksのブランド言及シェアは40%です（n = 100件の言及、95 %区間 30.9–49.8 %）。')
    expect(ja).toContain('「cheap shoes」向けのページを最適化する')
  })

  it('says when there is nothing to compare with, and picks the language from the project', () => {
    const f = summaryFacts(input({ points: [point(3, '2025-05-20', 40, 100, 12, 20)] }))
    expect(f.changes).toEqual([])
    expect(summaryText(f, 'en').find((s) => s.heading === 'What changed')!.sentences).toEqual(['No earlier run to compare with yet.'])
    expect([reportLang('de-AT'), reportLang('ja'), reportLang('en-GB'), reportLang('ar')]).toEqual(['de', 'ja', 'en', 'en'])
    expect([num('de', 1.25, 1), num('en', 1234.5)]).toEqual(['1,3', '1234.5'])
  })
})
