/**
 * The figures of the eight Source Insights tabs, computed from insights. Pure: the loader
 * calls these, the screen only renders what they return, and the tests check them by hand.
 *
 * Decisions where the spec is silent:
 * - A "citation" is one distinct URL cited by one insight (query × model); an answer citing a URL
 *   twice counts it once. Sites are ranked by citations, then by domain.
 * - Per-model query coverage is queries citing the site / queries that model answered (in the
 *   filtered set); combined coverage counts a query cited by any model.
 * - Citation share is a domain's citations / all citations. The position-weighted share weights
 *   each citation by 1/position (position = rank of the URL among the answer's distinct cited
 *   URLs), as the position-adjusted measures of the Generative Engine Optimization paper do.
 * - The gap list holds Earned domains cited by at least one answer (insight) that also cites a
 *   Competitor site, and by no answer that cites an Owned site: the outreach list.
 * - The owned citation rate is answers citing at least one Owned site / answers, with a 95 % Wilson
 *   interval, overall, per model and per query.
 */
import type { BrandDef } from '../metrics/brands'
import { aggregateSites, classifySource, queryCoverage, type SiteAggregate, type SourceType } from './classify'
import { citedUrls, type Insight } from './insights'
import { wilson } from '../metrics/intervals'

/** The fields every tab but API Response needs (the loader reads only these). */
export type InsightLite = Pick<Insight, 'kind' | 'modelId' | 'queryIndex' | 'query' | 'citations' | 'sources' | 'webSearchQueries'>

export interface SourceBrands {
  own: BrandDef
  competitors: BrandDef[]
}

export const SOURCE_TYPES: readonly SourceType[] = ['Owned', 'Competitor', 'Earned']

export interface SiteRow extends Omit<SiteAggregate, 'queries' | 'queriesByModel'> {
  rank: number
  urlCount: number
  coverage: Record<number, { cited: number; total: number; percent: number }>
  combinedCoverage: { cited: number; total: number; percent: number }
  queries: string[]
  queriesByModel: Record<number, string[]>
}

/** Classifications by brand set (its names and domains) and domain: a page and the next ones classify the same few hundred domains. */
const classified = new Map<string, Map<string, SourceType>>()
const CLASSIFIED_SETS_MAX = 32
const CLASSIFIED_DOMAINS_MAX = 20_000

/** classifySource for one brand set, memoised by domain (a page classifies each domain many times). */
function classifierOf(brands: SourceBrands): (domain: string) => SourceType {
  const brandKey = (b: BrandDef) => [b.name, b.domains ?? []]
  const key = JSON.stringify([brandKey(brands.own), brands.competitors.map((c) => (c === brands.own ? null : brandKey(c)))])
  let cache = classified.get(key)
  if (!cache) {
    if (classified.size >= CLASSIFIED_SETS_MAX) classified.delete(classified.keys().next().value!)
    classified.set(key, (cache = new Map()))
  }
  const memo = cache
  return (domain) => {
    let t = memo.get(domain)
    if (!t) {
      if (memo.size >= CLASSIFIED_DOMAINS_MAX) memo.clear()
      memo.set(domain, (t = classifySource(domain, brands.own, brands.competitors)))
    }
    return t
  }
}

const pct1 = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0)

/** Queries answered per model (distinct query indexes), and overall. */
function answered(insights: InsightLite[]) {
  const byModel = new Map<number, Set<number>>()
  const all = new Set<number>()
  for (const i of insights) {
    let s = byModel.get(i.modelId)
    if (!s) byModel.set(i.modelId, (s = new Set()))
    s.add(i.queryIndex)
    all.add(i.queryIndex)
  }
  return { byModel, all }
}

export function siteAggregates(insights: InsightLite[], brands: SourceBrands, classify: (domain: string) => SourceType = classifierOf(brands)): SiteAggregate[] {
  const cites = insights.flatMap((i) => citedUrls(i).map((c) => ({ url: c.url, domain: c.domain, title: c.title, modelId: i.modelId, queryIndex: i.queryIndex, sample: i.kind === 'basic' ? 0 : 1 })))
  return aggregateSites(cites, brands.own, brands.competitors, classify)
}

/** Site Priorities: ranked sites with per-model counts and query coverage. */
export function sitePriorities(insights: InsightLite[], brands: SourceBrands) {
  const { byModel, all } = answered(insights)
  const queryText = new Map(insights.map((i) => [i.queryIndex, i.query]))
  const sites: SiteRow[] = siteAggregates(insights, brands).map((s, n) => ({
    ...s,
    rank: n + 1,
    urlCount: s.urls.length,
    coverage: Object.fromEntries([...byModel].map(([m, qs]) => [m, queryCoverage(s.queriesByModel[m]?.length ?? 0, qs.size)])),
    combinedCoverage: queryCoverage(s.queries.length, all.size),
    queries: s.queries.map((q) => queryText.get(q) ?? `#${q}`),
    queriesByModel: Object.fromEntries(Object.entries(s.queriesByModel).map(([m, qs]) => [m, qs.map((q) => queryText.get(q) ?? `#${q}`)])),
  }))
  return {
    sites,
    models: [...byModel.keys()].sort((a, b) => a - b),
    totals: { domains: sites.length, citations: sites.reduce((n, s) => n + s.totalMentions, 0) },
  }
}

export type SitePrioritiesView = ReturnType<typeof sitePriorities>

/** Source Analytics: distribution by type, by model (stacked by type) and the top domains. */
export function sourceAnalytics(insights: InsightLite[], brands: SourceBrands, typeFilter: SourceType[] = [...SOURCE_TYPES]) {
  const sites = siteAggregates(insights, brands).filter((s) => typeFilter.includes(s.type))
  const total = sites.reduce((n, s) => n + s.totalMentions, 0)
  const byType = SOURCE_TYPES.filter((t) => typeFilter.includes(t)).map((type) => {
    const of = sites.filter((s) => s.type === type)
    const citations = of.reduce((n, s) => n + s.totalMentions, 0)
    return { type, citations, sites: of.length, percent: pct1(citations, total) }
  })
  const models = [...new Set(insights.map((i) => i.modelId))].sort((a, b) => a - b)
  const byModel = models.map((modelId) => {
    const row: { modelId: number; total: number } & Record<SourceType, number> = { modelId, total: 0, Owned: 0, Competitor: 0, Earned: 0 }
    for (const s of sites) {
      const n = s.mentionsByModel[modelId] ?? 0
      row[s.type] += n
      row.total += n
    }
    return row
  })
  return {
    totals: { citations: total, sites: sites.length, answers: insights.length },
    byType,
    byModel: byModel.filter((r) => r.total > 0),
    topDomains: sites.slice(0, 10).map((s) => ({ domain: s.domain, type: s.type, citations: s.totalMentions, percent: pct1(s.totalMentions, total) })),
  }
}

export type SourceAnalyticsView = ReturnType<typeof sourceAnalytics>

export const TOP_DOMAINS_PER_GROUP = 10

/** Topics & Audiences: the top 10 domains per topic and per audience, as shares of that group's citations. */
export function topicsAudiences(insights: InsightLite[], brands: SourceBrands, groupsOf: (queryIndex: number) => { topic: string | null; audience: string | null }) {
  const classify = classifierOf(brands)
  const build = (key: 'topic' | 'audience') => {
    const groups = new Map<string, InsightLite[]>()
    for (const i of insights) {
      const g = groupsOf(i.queryIndex)[key]
      if (!g) continue
      const list = groups.get(g) ?? []
      list.push(i)
      groups.set(g, list)
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([name, list]) => {
      const sites = siteAggregates(list, brands, classify)
      const total = sites.reduce((n, s) => n + s.totalMentions, 0)
      return { name, total, domains: sites.slice(0, TOP_DOMAINS_PER_GROUP).map((s) => ({ domain: s.domain, type: s.type, count: s.totalMentions, percent: pct1(s.totalMentions, total) })) }
    })
  }
  return { topics: build('topic'), audiences: build('audience') }
}

export type TopicsAudiencesView = ReturnType<typeof topicsAudiences>

/** Keyword Insights: the search queries Gemini expanded each original query into, with counts. */
export function keywordInsights(insights: InsightLite[], expansionModelId: number, termsOf: (texts: string[]) => { term: string; count: number }[]) {
  const byQuery = new Map<number, { query: string; counts: Map<string, number> }>()
  for (const i of insights) {
    if (i.modelId !== expansionModelId || i.webSearchQueries.length === 0) continue
    const q = byQuery.get(i.queryIndex) ?? { query: i.query, counts: new Map<string, number>() }
    for (const s of i.webSearchQueries) {
      const key = s.trim()
      if (key) q.counts.set(key, (q.counts.get(key) ?? 0) + 1)
    }
    byQuery.set(i.queryIndex, q)
  }
  const queries = [...byQuery]
    .sort(([a], [b]) => a - b)
    .map(([queryIndex, q]) => {
      const expansions = [...q.counts].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      return { queryIndex, query: q.query, expansions, keywords: termsOf(expansions.flatMap((e) => Array(e.count).fill(e.text) as string[])) }
    })
  const expanded = queries.reduce((n, q) => n + q.expansions.length, 0)
  return {
    queries,
    totals: { originalQueries: queries.length, expandedQueries: expanded, avgExpansions: queries.length ? Math.round((expanded / queries.length) * 10) / 10 : 0 },
  }
}

export type KeywordInsightsView = ReturnType<typeof keywordInsights>

// ------------------------------------------------------------------ citations (display filter)

export const SNIPPET_MAX = 500

/** A text worth showing: at least 3 words and 10 characters, and not just a URL or domain. */
export function isDisplayText(text: string | undefined): boolean {
  const t = (text ?? '').trim()
  if (t.length < 10) return false
  if (t.split(/\s+/).length < 3) return false
  if (/^(https?:\/\/|www\.)\S+$/i.test(t) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\/?$/i.test(t)) return false
  return true
}

/** The longest display-worthy text among the candidates, capped at SNIPPET_MAX characters, or null. */
export function bestText(candidates: (string | undefined)[]): string | null {
  let best: string | null = null
  for (const c of candidates) {
    const t = (c ?? '').trim()
    if (isDisplayText(t) && (best === null || t.length > best.length)) best = t
  }
  return best && best.length > SNIPPET_MAX ? `${best.slice(0, SNIPPET_MAX - 1)}…` : best
}

export interface CitationCard {
  url: string
  domain: string
  title: string | null
  text: string
  models: number[]
  type: SourceType
}

/** Citations tab: per query, the unique cited URLs that pass the display filter, with the longest text. */
export function citationCards(insights: InsightLite[], brands: SourceBrands) {
  const classify = classifierOf(brands)
  const byQuery = new Map<number, { query: string; responses: number; cards: Map<string, { url: string; domain: string; title: string | null; texts: (string | undefined)[]; models: Set<number> }> }>()
  for (const i of insights) {
    const q = byQuery.get(i.queryIndex) ?? { query: i.query, responses: 0, cards: new Map() }
    q.responses++
    for (const c of [...i.citations, ...i.sources]) {
      const card = q.cards.get(c.url) ?? { url: c.url, domain: c.domain, title: c.title ?? null, texts: [], models: new Set<number>() }
      card.texts.push(c.snippet, c.title)
      card.title ??= c.title ?? null
      card.models.add(i.modelId)
      q.cards.set(c.url, card)
    }
    byQuery.set(i.queryIndex, q)
  }
  return [...byQuery].sort(([a], [b]) => a - b).map(([queryIndex, q]) => {
    const cards: CitationCard[] = []
    for (const c of q.cards.values()) {
      const text = bestText(c.texts)
      if (text) cards.push({ url: c.url, domain: c.domain, title: c.title, text, models: [...c.models].sort((a, b) => a - b), type: classify(c.domain) })
    }
    cards.sort((a, b) => b.models.length - a.models.length || a.domain.localeCompare(b.domain) || a.url.localeCompare(b.url))
    return { queryIndex, query: q.query, responses: q.responses, uniqueCitations: cards.length, domains: new Set(cards.map((c) => c.domain)).size, cards }
  })
}

export type CitationsView = ReturnType<typeof citationCards>

/**
 * Citations tab, legacy view: per query, each model response with its cited URLs numbered [1], [2], … in the
 * order the answer cites them (citedUrls: distinct, sources when there are no placed citations). The label is
 * the title, else the domain.
 */
export function legacyCitations(insights: InsightLite[]) {
  const byQuery = new Map<number, { query: string; responses: { modelId: number; kind: InsightLite['kind']; citations: { n: number; url: string; domain: string; label: string }[] }[] }>()
  for (const i of insights) {
    const q = byQuery.get(i.queryIndex) ?? { query: i.query, responses: [] }
    const citations = citedUrls(i).map((c) => ({ n: c.position, url: c.url, domain: c.domain, label: c.title?.trim() || c.domain }))
    q.responses.push({ modelId: i.modelId, kind: i.kind, citations })
    byQuery.set(i.queryIndex, q)
  }
  return [...byQuery].sort(([a], [b]) => a - b).map(([queryIndex, q]) => ({ queryIndex, query: q.query, responses: q.responses }))
}

export type LegacyCitationsView = ReturnType<typeof legacyCitations>

// ------------------------------------------------------------------ comparison and export

export const COMPARISON_DEFAULT = 10
export const COMPARISON_MAX = 100

/** Site/Model Comparison: per domain the citations of each model, top `limit` after the domain filter. */
export function siteModelComparison(insights: InsightLite[], brands: SourceBrands, filter: string, limit = COMPARISON_DEFAULT) {
  const f = filter.trim().toLowerCase()
  const sites = siteAggregates(insights, brands).filter((s) => !f || s.domain.includes(f))
  const models = [...new Set(insights.map((i) => i.modelId))].sort((a, b) => a - b)
  const n = Math.max(1, Math.min(COMPARISON_MAX, Math.floor(limit) || COMPARISON_DEFAULT))
  return {
    models,
    matching: sites.length,
    rows: sites.slice(0, n).map((s) => ({ domain: s.domain, type: s.type, total: s.totalMentions, byModel: Object.fromEntries(models.map((m) => [m, s.mentionsByModel[m] ?? 0])) as Record<number, number> })),
  }
}

export type ComparisonView = ReturnType<typeof siteModelComparison>

// ------------------------------------------------------------------ beyond the spec

/** Citation share and position-weighted share per domain, overall and per model. */
export function citationShare(insights: InsightLite[], brands: SourceBrands, top = 20) {
  const classify = classifierOf(brands)
  const count = new Map<string, { n: number; w: number; byModel: Map<number, { n: number; w: number }> }>()
  const totals = { n: 0, w: 0, byModel: new Map<number, { n: number; w: number }>() }
  for (const i of insights) {
    for (const c of citedUrls(i)) {
      const w = 1 / c.position
      const d = count.get(c.domain) ?? { n: 0, w: 0, byModel: new Map() }
      d.n++
      d.w += w
      const dm = d.byModel.get(i.modelId) ?? { n: 0, w: 0 }
      dm.n++
      dm.w += w
      d.byModel.set(i.modelId, dm)
      count.set(c.domain, d)
      totals.n++
      totals.w += w
      const tm = totals.byModel.get(i.modelId) ?? { n: 0, w: 0 }
      tm.n++
      tm.w += w
      totals.byModel.set(i.modelId, tm)
    }
  }
  const rows = [...count]
    .map(([domain, d]) => ({
      domain,
      type: classify(domain),
      citations: d.n,
      share: pct1(d.n, totals.n),
      weightedShare: totals.w > 0 ? Math.round((d.w / totals.w) * 1000) / 10 : 0,
      byModel: Object.fromEntries([...totals.byModel].map(([m, t]) => [m, { share: pct1(d.byModel.get(m)?.n ?? 0, t.n), weightedShare: t.w > 0 ? Math.round(((d.byModel.get(m)?.w ?? 0) / t.w) * 1000) / 10 : 0 }])),
    }))
    .sort((a, b) => b.citations - a.citations || b.weightedShare - a.weightedShare || a.domain.localeCompare(b.domain))
  return { rows: rows.slice(0, top), models: [...totals.byModel.keys()].sort((a, b) => a - b), totalCitations: totals.n }
}

export type CitationShareView = ReturnType<typeof citationShare>

/** Earned domains cited alongside competitors' sites but never alongside an own site, most cited first. */
export function gapList(insights: InsightLite[], brands: SourceBrands) {
  const classify = classifierOf(brands)
  const info = new Map<string, { withCompetitor: number; withOwn: number; citations: number; queries: Set<number> }>()
  for (const i of insights) {
    const cites = citedUrls(i)
    const types = new Set(cites.map((c) => classify(c.domain)))
    const domains = new Set(cites.map((c) => c.domain))
    for (const d of domains) {
      if (classify(d) !== 'Earned') continue
      const e = info.get(d) ?? { withCompetitor: 0, withOwn: 0, citations: 0, queries: new Set<number>() }
      e.citations++
      e.queries.add(i.queryIndex)
      if (types.has('Competitor')) e.withCompetitor++
      if (types.has('Owned')) e.withOwn++
      info.set(d, e)
    }
  }
  return [...info]
    .filter(([, e]) => e.withCompetitor > 0 && e.withOwn === 0)
    .map(([domain, e]) => ({ domain, citations: e.citations, withCompetitor: e.withCompetitor, queries: e.queries.size }))
    .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
}

/**
 * Owned citation rate: answers citing an own site / answers, overall, per model and per query, each with its n and
 * a 95 % Wilson interval. Per query the n is that query's answers (one per model, and per kind when basic and
 * enhanced insights are read together), so the interval is wide: it says how little one query's answers prove.
 */
export function ownedCitationRate(insights: InsightLite[], brands: SourceBrands) {
  const classify = classifierOf(brands)
  const byModel = new Map<number, { k: number; n: number }>()
  const byQuery = new Map<number, { query: string; k: number; n: number }>()
  for (const i of insights) {
    const owned = citedUrls(i).some((c) => classify(c.domain) === 'Owned')
    const m = byModel.get(i.modelId) ?? { k: 0, n: 0 }
    const q = byQuery.get(i.queryIndex) ?? { query: i.query, k: 0, n: 0 }
    m.n++
    q.n++
    if (owned) {
      m.k++
      q.k++
    }
    byModel.set(i.modelId, m)
    byQuery.set(i.queryIndex, q)
  }
  const all = [...byModel.values()].reduce((a, e) => ({ k: a.k + e.k, n: a.n + e.n }), { k: 0, n: 0 })
  // The screens print an interval on every row: 0–0 without answers.
  const row = (e: { k: number; n: number }) => ({ cited: e.k, n: e.n, rate: pct1(e.k, e.n), ci: wilson(e.k, e.n) ?? { low: 0, high: 0 } })
  return {
    overall: row(all),
    byModel: [...byModel].sort(([a], [b]) => a - b).map(([modelId, e]) => ({ modelId, ...row(e) })),
    byQuery: [...byQuery].sort(([a], [b]) => a - b).map(([queryIndex, e]) => ({ queryIndex, query: e.query, ...row(e) })),
  }
}

export type OwnedCitationRateView = ReturnType<typeof ownedCitationRate>
