/**
 * The Source Insights figures against a small example worked out by hand (numbers in comments).
 *
 * Brands: own Brooks (brooksrunning.com); competitors Nike (nike.com) and Hoka (no domain: name rule).
 * Four enhanced insights, two queries × Gemini (6) and ChatGPT 5 (8):
 *   I1 q0 Gemini : runnersworld.com/a (pos 1), nike.com/x (pos 2), runnersworld.com/a again (same URL)
 *   I2 q0 ChatGPT: brooksrunning.com/g (1), runnersworld.com/b (2)
 *   I3 q1 Gemini : hoka.com/t (1), reddit.com/r (2)
 *   I4 q1 ChatGPT: no placed citations; sources reddit.com/r (1), nike.com/y (2)
 */
import { describe, expect, it } from 'vitest'
import type { BrandDef } from '../metrics/brands'
import { keywordTerms } from './keywords'
import { citedDomain, toInsight } from './insights'
import {
  bestText, citationCards, citationShare, gapList, isDisplayText, keywordInsights, legacyCitations, ownedCitationRate, siteModelComparison, sitePriorities, sourceAnalytics,
  topicsAudiences, type InsightLite, type SourceBrands,
} from './views'

const own: BrandDef = { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'], isOwn: true }
const nike: BrandDef = { name: 'Nike', alternativeNames: [], domains: ['nike.com'] }
const hoka: BrandDef = { name: 'Hoka', alternativeNames: [], domains: [] }
const brands: SourceBrands = { own, competitors: [nike, hoka] }

const RW_A = { url: 'https://www.runnersworld.com/a', domain: 'runnersworld.com', title: 'Best running shoes 2025 tested', snippet: 'Our testers ran 500 miles in each shoe to find the best.' }
const NIKE_X = { url: 'https://www.nike.com/x', domain: 'nike.com', title: 'Nike', snippet: 'Nike' }
const BROOKS_G = { url: 'https://www.brooksrunning.com/g', domain: 'brooksrunning.com', title: 'Ghost 16 | Brooks Running', snippet: 'The Ghost 16 is a smooth neutral daily trainer.' }
const RW_B = { url: 'https://www.runnersworld.com/b', domain: 'runnersworld.com', title: 'runnersworld.com' }
const HOKA_T = { url: 'https://www.hoka.com/t', domain: 'hoka.com', title: 'Hoka trail range', snippet: 'Speedgoat is the trail shoe most runners start with.' }
const REDDIT_R = { url: 'https://www.reddit.com/r', domain: 'reddit.com', title: 'r/running trail shoes advice thread' }
const NIKE_Y = { url: 'https://www.nike.com/y', domain: 'nike.com', title: 'Nike Pegasus Trail' }

const cite = (list: object[]) => list.map((c, i) => ({ ...c, position: i + 1 })) as InsightLite['citations']
const I1: InsightLite = { kind: 'enhanced', modelId: 6, queryIndex: 0, query: 'best running shoes', citations: [...cite([RW_A, NIKE_X]), { ...RW_A, position: 1 }], sources: cite([RW_A, NIKE_X]), webSearchQueries: ['best running shoes 2025', 'running shoes reviews'] }
const I2: InsightLite = { kind: 'enhanced', modelId: 8, queryIndex: 0, query: 'best running shoes', citations: cite([BROOKS_G, RW_B]), sources: cite([BROOKS_G, RW_B]), webSearchQueries: ['best running shoes'] }
const I3: InsightLite = { kind: 'enhanced', modelId: 6, queryIndex: 1, query: 'trail shoes for beginners', citations: cite([HOKA_T, REDDIT_R]), sources: cite([HOKA_T, REDDIT_R]), webSearchQueries: ['trail running shoes beginners', 'best running shoes 2025'] }
const I4: InsightLite = { kind: 'enhanced', modelId: 8, queryIndex: 1, query: 'trail shoes for beginners', citations: [], sources: cite([REDDIT_R, NIKE_Y]), webSearchQueries: [] }
const ALL = [I1, I2, I3, I4]

describe('sitePriorities', () => {
  const view = sitePriorities(ALL, brands)
  it('ranks sites by distinct cited URLs per answer, ties by domain', () => {
    // nike 2 (I1 x, I4 y), reddit 2 (I3, I4), runnersworld 2 (I1 a once, I2 b), brooksrunning 1, hoka 1
    expect(view.sites.map((s) => [s.rank, s.domain, s.type, s.totalMentions, s.urlCount])).toEqual([
      [1, 'nike.com', 'Competitor', 2, 2],
      [2, 'reddit.com', 'Earned', 2, 1],
      [3, 'runnersworld.com', 'Earned', 2, 2],
      [4, 'brooksrunning.com', 'Owned', 1, 1],
      [5, 'hoka.com', 'Competitor', 1, 1],
    ])
    expect(view.totals).toEqual({ domains: 5, citations: 8 })
    expect(view.models).toEqual([6, 8])
  })
  it('per-model counts and query coverage (each model answered 2 queries)', () => {
    const rw = view.sites[2]
    expect(rw.mentionsByModel).toEqual({ 6: 1, 8: 1 })
    expect(rw.coverage).toEqual({ 6: { cited: 1, total: 2, percent: 50 }, 8: { cited: 1, total: 2, percent: 50 } })
    expect(rw.combinedCoverage).toEqual({ cited: 1, total: 2, percent: 50 })
    expect(rw.queries).toEqual(['best running shoes'])
    const n = view.sites[0]
    expect(n.combinedCoverage).toEqual({ cited: 2, total: 2, percent: 100 })
    expect(n.queriesByModel).toEqual({ 6: ['best running shoes'], 8: ['trail shoes for beginners'] })
  })
})

describe('sourceAnalytics', () => {
  it('splits the 8 citations by type and by model', () => {
    const a = sourceAnalytics(ALL, brands)
    // Owned 1 of 8 = 12.5 %, Competitor 3 (nike 2 + hoka 1) = 37.5 %, Earned 4 = 50 %
    expect(a.byType).toEqual([
      { type: 'Owned', citations: 1, sites: 1, percent: 12.5 },
      { type: 'Competitor', citations: 3, sites: 2, percent: 37.5 },
      { type: 'Earned', citations: 4, sites: 2, percent: 50 },
    ])
    // Gemini: nike, hoka (C) + runnersworld, reddit (E); ChatGPT: brooks (O), nike (C), runnersworld, reddit (E)
    expect(a.byModel).toEqual([
      { modelId: 6, total: 4, Owned: 0, Competitor: 2, Earned: 2 },
      { modelId: 8, total: 4, Owned: 1, Competitor: 1, Earned: 2 },
    ])
    expect(a.totals).toEqual({ citations: 8, sites: 5, answers: 4 })
  })
  it('type filter keeps only the chosen types', () => {
    const a = sourceAnalytics(ALL, brands, ['Earned'])
    expect(a.byType).toEqual([{ type: 'Earned', citations: 4, sites: 2, percent: 100 }])
    expect(a.topDomains.map((d) => d.domain)).toEqual(['reddit.com', 'runnersworld.com'])
  })
})

describe('topicsAudiences', () => {
  it('top domains per topic as shares of the topic citations', () => {
    const v = topicsAudiences(ALL, brands, (q) => ({ topic: q === 0 ? 'Road' : 'Trail', audience: null }))
    // Road (I1, I2): runnersworld 2, brooksrunning 1, nike 1 of 4; Trail (I3, I4): reddit 2, hoka 1, nike 1 of 4
    expect(v.topics).toEqual([
      { name: 'Road', total: 4, domains: [
        { domain: 'runnersworld.com', type: 'Earned', count: 2, percent: 50 },
        { domain: 'brooksrunning.com', type: 'Owned', count: 1, percent: 25 },
        { domain: 'nike.com', type: 'Competitor', count: 1, percent: 25 },
      ] },
      { name: 'Trail', total: 4, domains: [
        { domain: 'reddit.com', type: 'Earned', count: 2, percent: 50 },
        { domain: 'hoka.com', type: 'Competitor', count: 1, percent: 25 },
        { domain: 'nike.com', type: 'Competitor', count: 1, percent: 25 },
      ] },
    ])
    expect(v.audiences).toEqual([])
  })
})

describe('keywordInsights (Gemini fan-out)', () => {
  it('expanded queries per original query with counts and totals', () => {
    const v = keywordInsights(ALL, 6, (t) => keywordTerms(t, 'en-GB'))
    expect(v.queries.map((q) => [q.query, q.expansions])).toEqual([
      ['best running shoes', [{ text: 'best running shoes 2025', count: 1 }, { text: 'running shoes reviews', count: 1 }]],
      ['trail shoes for beginners', [{ text: 'best running shoes 2025', count: 1 }, { text: 'trail running shoes beginners', count: 1 }]],
    ])
    // 2 original queries, 4 expansions, 4 / 2 = 2.0
    expect(v.totals).toEqual({ originalQueries: 2, expandedQueries: 4, avgExpansions: 2 })
    // running 2, shoes 2, best 1, reviews 1 ("2025" is a number)
    expect(v.queries[0].keywords).toEqual([{ term: 'running', count: 2 }, { term: 'shoes', count: 2 }, { term: 'best', count: 1 }, { term: 'reviews', count: 1 }])
  })
  it('no Gemini insights: nothing', () => {
    expect(keywordInsights([I2, I4], 6, () => []).totals).toEqual({ originalQueries: 0, expandedQueries: 0, avgExpansions: 0 })
  })
})

describe('keywordTerms', () => {
  it('drops terms of 3 characters or fewer and stop words of the language', () => {
    expect(keywordTerms(['the best shoes for you and your feet'], 'en')).toEqual([{ term: 'best', count: 1 }, { term: 'feet', count: 1 }, { term: 'shoes', count: 1 }])
    // German list: "für", "sind", "welche" are stop words; "beste" and "laufschuhe" stay
    expect(keywordTerms(['welche laufschuhe sind die beste wahl für anfänger'], 'de').map((k) => k.term)).toEqual(['anfänger', 'beste', 'laufschuhe', 'wahl'])
  })
})

describe('citation display filter', () => {
  it('isDisplayText: 3 words, 10 characters, not a bare URL or domain', () => {
    expect(isDisplayText('Nike')).toBe(false)
    expect(isDisplayText('two words here')).toBe(true)
    expect(isDisplayText('too short')).toBe(false) // 2 words
    expect(isDisplayText('a b c')).toBe(false) // 5 characters
    expect(isDisplayText('https://www.example.com/a-long-path')).toBe(false)
    expect(isDisplayText('www.runnersworld.com')).toBe(false)
    expect(isDisplayText('runnersworld.com')).toBe(false)
  })
  it('bestText picks the longest passing text and caps it at 500 characters', () => {
    expect(bestText(['Best running shoes 2025 tested', 'Our testers ran 500 miles in each shoe to find the best.', 'x'])).toBe('Our testers ran 500 miles in each shoe to find the best.')
    expect(bestText(['Nike', undefined])).toBeNull()
    const long = 'word '.repeat(200).trim()
    expect(bestText([long])!.length).toBe(500)
  })
  it('citation cards per query: duplicates removed, only cards with a displayable text', () => {
    const [q0, q1] = citationCards(ALL, brands)
    // q0: runnersworld a (snippet), brooks g (snippet); nike x ("Nike") and runnersworld b (title is a domain) fail
    expect(q0.cards.map((c) => [c.domain, c.text, c.models, c.type])).toEqual([
      ['brooksrunning.com', 'The Ghost 16 is a smooth neutral daily trainer.', [8], 'Owned'],
      ['runnersworld.com', 'Our testers ran 500 miles in each shoe to find the best.', [6], 'Earned'],
    ])
    expect([q0.responses, q0.uniqueCitations, q0.domains]).toEqual([2, 2, 2])
    // q1: reddit r cited by both models (its title has 5 words), hoka t, nike y ("Nike Pegasus Trail": 3 words, 18 characters)
    expect(q1.cards.map((c) => [c.domain, c.models])).toEqual([['reddit.com', [6, 8]], ['hoka.com', [6]], ['nike.com', [8]]])
  })
})

describe('legacyCitations', () => {
  it('numbers each response\'s distinct cited URLs in order, sources when no citations, title else domain', () => {
    const [q0, q1] = legacyCitations([...ALL, { ...I2, modelId: 9, citations: [{ url: 'https://hoka.com/n', domain: 'hoka.com', position: 1 }], sources: [] }])
    // I1 cites runnersworld a twice: counted once
    expect(q0.responses.map((r) => [r.modelId, r.citations.map((c) => [c.n, c.label, c.url])])).toEqual([
      [6, [[1, 'Best running shoes 2025 tested', RW_A.url], [2, 'Nike', NIKE_X.url]]],
      [8, [[1, 'Ghost 16 | Brooks Running', BROOKS_G.url], [2, 'runnersworld.com', RW_B.url]]],
      [9, [[1, 'hoka.com', 'https://hoka.com/n']]],
    ])
    // I4 has no placed citations: its sources
    expect(q1.responses.map((r) => [r.modelId, r.citations.map((c) => c.url)])).toEqual([
      [6, [HOKA_T.url, REDDIT_R.url]],
      [8, [REDDIT_R.url, NIKE_Y.url]],
    ])
  })
})

describe('siteModelComparison', () => {
  it('filters by domain text and keeps the top N', () => {
    const v = siteModelComparison(ALL, brands, 'r', 2)
    // domains containing "r": reddit, runnersworld, brooksrunning -> top 2
    expect(v.matching).toBe(3)
    expect(v.rows).toEqual([
      { domain: 'reddit.com', type: 'Earned', total: 2, byModel: { 6: 1, 8: 1 } },
      { domain: 'runnersworld.com', type: 'Earned', total: 2, byModel: { 6: 1, 8: 1 } },
    ])
  })
})

describe('beyond the spec', () => {
  it('citation share and position-weighted share', () => {
    // weights 1/position: I1 rw 1, nike .5; I2 brooks 1, rw .5; I3 hoka 1, reddit .5; I4 reddit 1, nike .5 -> total 6
    // reddit 1.5/6 = 25 %, runnersworld 1.5/6 = 25 %, nike 1/6 = 16.7 %, brooksrunning 1/6, hoka 1/6
    const v = citationShare(ALL, brands)
    expect(v.rows.map((r) => [r.domain, r.citations, r.share, r.weightedShare])).toEqual([
      ['reddit.com', 2, 25, 25],
      ['runnersworld.com', 2, 25, 25],
      ['nike.com', 2, 25, 16.7],
      ['brooksrunning.com', 1, 12.5, 16.7],
      ['hoka.com', 1, 12.5, 16.7],
    ])
    // Gemini: 4 citations, weight 3; reddit 1 (.5) -> 25 %, 16.7 %
    expect(v.rows[0].byModel[6]).toEqual({ share: 25, weightedShare: 16.7 })
    // ChatGPT: I2 brooks 1, rw .5; I4 (sources) reddit 1, nike .5 -> 4 citations, weight 3; reddit 1 of 4 = 25 %, 1/3 = 33.3 %
    expect(v.rows[0].byModel[8]).toEqual({ share: 25, weightedShare: 33.3 })
    // hoka is cited by Gemini only: 1 of 4 = 25 %, weight 1/3 = 33.3 %; ChatGPT 0 of 4
    expect(v.rows[4].byModel).toEqual({ 6: { share: 25, weightedShare: 33.3 }, 8: { share: 0, weightedShare: 0 } })
    expect(v.models).toEqual([6, 8])
    expect(v.totalCitations).toBe(8)
  })
  it('gap list: earned sites cited with competitors, never with the brand', () => {
    // runnersworld is cited with brooksrunning in I2 -> not a gap; reddit is cited with hoka (I3) and nike (I4)
    expect(gapList(ALL, brands)).toEqual([{ domain: 'reddit.com', citations: 2, withCompetitor: 2, queries: 1 }])
  })
  it('owned citation rate with Wilson 95 % intervals', () => {
    const r = ownedCitationRate(ALL, brands)
    // 1 of 4 answers cites brooksrunning: 25 %, Wilson (4.6 %, 69.9 %); Gemini 0 of 2: (0 %, 65.8 %)
    expect(r.overall).toEqual({ cited: 1, n: 4, rate: 25, ci: { low: 4.6, high: 69.9 } })
    expect(r.byModel[0]).toEqual({ modelId: 6, cited: 0, n: 2, rate: 0, ci: { low: 0, high: 65.8 } })
  })
  it('owned citation rate per query, with its n and Wilson 95 % interval', () => {
    // q0: I1 (runnersworld, nike) no, I2 (brooksrunning) yes -> 1 of 2 = 50 %.
    //   Wilson, z = 1.96, z² = 3.8415: centre (.5 + 3.8415/4) / (1 + 3.8415/2) = 1.4604 / 2.9207 = .5;
    //   half = (1.96 / 2.9207) × sqrt(.25/2 + 3.8415/16) = .6711 × .6042 = .4055 -> 9.5 % to 90.5 %.
    // q1: I3 (hoka, reddit) no, I4 (reddit, nike) no -> 0 of 2 = 0 %, (0 %, 65.8 %) as Gemini's 0 of 2 above.
    expect(ownedCitationRate(ALL, brands).byQuery).toEqual([
      { queryIndex: 0, query: 'best running shoes', cited: 1, n: 2, rate: 50, ci: { low: 9.5, high: 90.5 } },
      { queryIndex: 1, query: 'trail shoes for beginners', cited: 0, n: 2, rate: 0, ci: { low: 0, high: 65.8 } },
    ])
    // One query's answers alone (q1 by ChatGPT: I4) -> 0 of 1: centre = half = 1.9207 / 4.8415 = .3967 -> (0 %, 79.3 %).
    expect(ownedCitationRate([I4], brands).byQuery).toEqual([{ queryIndex: 1, query: 'trail shoes for beginners', cited: 0, n: 1, rate: 0, ci: { low: 0, high: 79.3 } }])
    expect(ownedCitationRate([], brands)).toEqual({ overall: { cited: 0, n: 0, rate: 0, ci: { low: 0, high: 0 } }, byModel: [], byQuery: [] })
  })
})

describe('toInsight', () => {
  it('keeps valid cited URLs with their domain and first-cited position, and drops the rest', () => {
    const i = toInsight(
      {
        provider: 'openai', model: 'gpt-5', text: 'Answer', searchQueries: ['q'], raw: {}, usage: { totalTokens: 3 },
        citations: [
          { url: 'https://www.bbc.co.uk/news/a', title: 'BBC', startIndex: 0, endIndex: 3 },
          { url: 'http://192.168.1.1/admin', title: 'router' },
          { url: 'https://alice.github.io/p', title: 'Alice' },
          { url: 'https://www.bbc.co.uk/news/a', title: 'BBC', startIndex: 4, endIndex: 6 },
        ],
        sources: [{ url: 'https://www.bbc.co.uk/news/a', title: 'BBC' }, { url: 'ftp://x.com/a' }, { url: 'https://alice.github.io/p', title: 'Alice' }],
      },
      { kind: 'enhanced', query: 'q', queryIndex: 3, modelId: 8, modelName: 'ChatGPT 5', timestamp: '2026-01-01T00:00:00.000Z' },
    )
    expect(i.citations.map((c) => [c.domain, c.position])).toEqual([['bbc.co.uk', 1], ['alice.github.io', 2], ['bbc.co.uk', 1]])
    expect(i.sources).toEqual([
      { url: 'https://www.bbc.co.uk/news/a', title: 'BBC', domain: 'bbc.co.uk', position: 1, citationId: 1 },
      { url: 'https://alice.github.io/p', title: 'Alice', domain: 'alice.github.io', position: 2, citationId: 2 },
    ])
    expect(i.searchMetadata).toEqual({ searchEnabled: true, modelVersion: 'gpt-5', webSearchCalls: [] })
  })
  it('Gemini redirect URIs take the domain from the title', () => {
    expect(citedDomain('https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQF', 'wunderground.com')).toBe('wunderground.com')
    expect(citedDomain('https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQF', 'Weather for SF')).toBeNull()
  })
})
