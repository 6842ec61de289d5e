/**
 * The compact parts give the tabs the same figures as the insight rows they were packed from: every view
 * over packed-and-unpacked insights equals the view over the originals (titles aside, which the parts leave
 * out and no tab read from them shows).
 */
import { describe, expect, it } from 'vitest'
import type { BrandDef } from '../metrics/brands'
import { mergeKinds, packInsights, unpackInsights } from './parts'
import { citationShare, gapList, keywordInsights, ownedCitationRate, siteModelComparison, sitePriorities, sourceAnalytics, topicsAudiences, type InsightLite, type SourceBrands } from './views'

const own: BrandDef = { name: 'Brooks', alternativeNames: [], domains: ['brooksrunning.com'], isOwn: true }
const brands: SourceBrands = { own, competitors: [{ name: 'Nike', alternativeNames: [], domains: ['nike.com'] }, { name: 'Hoka', alternativeNames: [], domains: [] }] }
const DOMAINS = ['brooksrunning.com', 'nike.com', 'hoka.com', 'runnersworld.com', 'reddit.com', 'bbc.co.uk', 'alice.github.io']

/** A deterministic set: duplicate URLs in an answer, answers with sources only, empty answers, rows out of order. */
function insights(kind: 'basic' | 'enhanced', seed: number): InsightLite[] {
  let x = seed
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647
  const out: InsightLite[] = []
  for (const q of [3, 0, 2, 1]) {
    for (const modelId of [8, 3, 6]) {
      const cites = Array.from({ length: Math.floor(next() * 6) }, () => {
        const domain = DOMAINS[Math.floor(next() * DOMAINS.length)]
        return { url: `https://www.${domain}/${Math.floor(next() * 3)}`, domain, title: `title ${Math.floor(next() * 4)}`, snippet: 'a snippet of several words', position: 0 }
      }).map((c, i) => ({ ...c, position: i + 1 }))
      const onlySources = next() < 0.3
      out.push({ kind, modelId, queryIndex: q, query: `query ${q}`, citations: onlySources ? [] : cites, sources: onlySources ? cites : cites.slice(0, 2), webSearchQueries: next() < 0.5 ? [`search ${q}`, `more ${q}`] : [] })
    }
  }
  return out
}

const byRead = (list: InsightLite[]) => [...list].sort((a, b) => a.queryIndex - b.queryIndex || a.modelId - b.modelId || a.kind.localeCompare(b.kind))
const noTitles = (v: ReturnType<typeof sitePriorities>) => ({ ...v, sites: v.sites.map((s) => ({ ...s, titles: [] })) })
const groups = (q: number) => ({ topic: q % 2 ? 'Trail' : 'Road', audience: q < 2 ? 'New runners' : null })

function views(list: InsightLite[]) {
  return {
    sites: noTitles(sitePriorities(list, brands)),
    share: citationShare(list, brands, 20),
    gaps: gapList(list, brands),
    owned: ownedCitationRate(list, brands),
    analytics: sourceAnalytics(list, brands),
    groups: topicsAudiences(list, brands, groups),
    keywords: keywordInsights(list, 6, (texts) => [{ term: texts.join('|'), count: texts.length }]),
    comparison: siteModelComparison(list, brands, '', 100),
  }
}

describe('source insight parts', () => {
  const basic = insights('basic', 7)
  const enhanced = insights('enhanced', 11)

  it('give every tab the same figures as the rows, per kind', () => {
    for (const [kind, list] of [['basic', basic], ['enhanced', enhanced]] as const) {
      const packed = JSON.parse(JSON.stringify(packInsights(list)))
      const unpacked = unpackInsights(kind, packed)!
      expect(unpacked.map((i) => [i.queryIndex, i.modelId])).toEqual(byRead(list).map((i) => [i.queryIndex, i.modelId]))
      expect(views(unpacked)).toEqual(views(byRead(list)))
    }
  })

  it('merge both kinds in the order the rows are read (query, model, kind)', () => {
    const merged = mergeKinds(unpackInsights('basic', packInsights(basic))!, unpackInsights('enhanced', packInsights(enhanced))!)
    const rows = byRead([...enhanced, ...basic])
    expect(merged.map((i) => [i.queryIndex, i.modelId, i.kind])).toEqual(rows.map((i) => [i.queryIndex, i.modelId, i.kind]))
    expect(views(merged)).toEqual(views(rows))
  })

  it('refuse a part of another version', () => {
    expect(unpackInsights('enhanced', { ...packInsights(enhanced), v: 0 as never })).toBeNull()
    expect(unpackInsights('enhanced', null)).toBeNull()
  })
})
