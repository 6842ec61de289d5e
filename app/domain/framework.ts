import { MAX_COMPETITORS, MAX_QUERIES, MAX_QUERIES_LIGHT } from './limits'
import { countableNames, type BrandDef } from './metrics/brands'
import { validateAlternativeName } from './metrics/alternative-names'
import { FIELD_LIMITS, hasControlCharacters } from './validation'

export interface FrameworkCompetitor {
  name: string
  alternativeNames: string[]
  domains: string[]
}

export interface Framework {
  competitors: FrameworkCompetitor[]
  brandDomains: string[]
  queries: string[]
}

/** Whitespace collapsed and trimmed; '' for anything a project would refuse (too long, control characters), so it is dropped. */
const clean = (s: unknown) => {
  const text = typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : ''
  return text.length <= Math.min(FIELD_LIMITS.competitor, FIELD_LIMITS.query) && !hasControlCharacters(text) ? text : ''
}
const cleanDomain = (d: string) => d.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/.*$/, '')
/** Trimmed, non-empty, unique (case-insensitively) strings. */
const uniqueList = (values: unknown): string[] => {
  const seen = new Set<string>()
  return (Array.isArray(values) ? values : []).map(clean).filter((v) => v && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()))
}

/** Trims, de-duplicates (case-insensitively), drops the own brand and caps the lists. */
export function cleanFramework(raw: Partial<Framework>, input: { brand: string; maxCompetitors: number; maxQueries: number }): Framework {
  const seen = new Set([input.brand.trim().toLowerCase()])
  const competitors: FrameworkCompetitor[] = []
  for (const c of raw.competitors ?? []) {
    const name = clean(c?.name)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    competitors.push({
      name,
      alternativeNames: uniqueList(c.alternativeNames).filter((a) => a.toLowerCase() !== name.toLowerCase()),
      domains: [...new Set(uniqueList(c.domains).map(cleanDomain))],
    })
  }
  const seenQ = new Set<string>()
  const queries: string[] = []
  for (const q of raw.queries ?? []) {
    const text = clean(q)
    if (!text || seenQ.has(text.toLowerCase())) continue
    seenQ.add(text.toLowerCase())
    queries.push(text)
    if (queries.length >= Math.min(input.maxQueries, MAX_QUERIES)) break
  }
  // Generated alternative names obey the same rules as typed ones: invalid ones are dropped, not fatal.
  const own: BrandDef = { name: input.brand.trim(), alternativeNames: [], domains: [], isOwn: true }
  const accepted: BrandDef[] = competitors.map((c) => ({ ...c, alternativeNames: [] }))
  for (const [i, c] of competitors.entries()) {
    for (const alt of c.alternativeNames) {
      if (!validateAlternativeName(alt, accepted[i], [own, ...accepted])) accepted[i].alternativeNames.push(alt)
    }
  }
  return {
    // A name of 2 characters or fewer is never counted: proposed only with an alternative name that counts ("On" with "On Running").
    competitors: accepted
      .filter((c) => countableNames(c).length > 0)
      .slice(0, Math.min(input.maxCompetitors, MAX_COMPETITORS))
      .map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })),
    brandDomains: [...new Set(uniqueList(raw.brandDomains).map(cleanDomain))],
    queries,
  }
}

/** When generation fails the user still gets an editable framework (19 competitors, 40 or 20 queries). */
export function fallbackFramework(input: { brand: string; market: string; region?: string; isLightMode: boolean }): Framework {
  const market = input.market.trim().replace(/\.$/, '') || 'this market'
  const where = input.region?.trim() ? ` in ${input.region.trim()}` : ''
  const templates = [
    `best ${market}${where}`,
    `top rated ${market}${where}`,
    `most reliable ${market}${where}`,
    `${market} comparison${where}`,
    `affordable ${market}${where}`,
    `premium ${market}${where}`,
    `${market} recommendations for beginners`,
    `${market} reviews${where}`,
    `which ${market} brand is best value`,
    `${market} alternatives to ${input.brand}`,
  ]
  const modifiers = ['', ' in 2026', ' for small businesses', ' according to experts']
  const max = input.isLightMode ? MAX_QUERIES_LIGHT : MAX_QUERIES
  const queries: string[] = []
  for (const m of modifiers) for (const t of templates) if (queries.length < max) queries.push(`${t}${m}`)
  const competitors = Array.from({ length: MAX_COMPETITORS }, (_, i) => ({ name: `Competitor ${i + 1}`, alternativeNames: [], domains: [] }))
  return { competitors, brandDomains: [], queries }
}

