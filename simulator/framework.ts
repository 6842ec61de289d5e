/** Answers the framework prompt: competitors, the brand's domains and search-style queries. */
import type { FrameworkInput, FrameworkResult } from '../activities/gateway/prompts'
import { findMarket, marketPhrase, regionPhrase, slug, synthesiseBrands, type BrandInfo, type MarketInfo } from './knowledge'
import { Rng } from './prng'

export interface BuiltFramework {
  result: FrameworkResult
  market?: MarketInfo
  brand: BrandInfo
  marketLabel: string
}

function brandFromInput(input: FrameworkInput, market: MarketInfo | undefined): BrandInfo {
  const raw = input.brand.trim()
  const key = raw.toLowerCase()
  const known = market?.brands.find((b) => b.name.toLowerCase() === key || b.alternativeNames.some((a) => a.toLowerCase() === key) || b.domains.includes(key))
  if (known) return known
  // People sometimes type the website instead of the name.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(raw)) {
    const label = raw.replace(/^www\./i, '').split('.')[0]
    return { name: label.charAt(0).toUpperCase() + label.slice(1), alternativeNames: [raw], domains: [raw.toLowerCase().replace(/^www\./, '')] }
  }
  const base = slug(raw).replace(/-/g, '') || 'brand'
  const region = regionPhrase(input.region)
  const domains = region === 'the UK' ? [`${base}.co.uk`, `${base}.com`] : [`${base}.com`]
  return { name: raw, alternativeNames: [], domains }
}

const TEMPLATES: Array<(v: { m: string; r: string; inR: string; need: string; attr: string; comp: string; comp2: string; year: string }) => string> = [
  (v) => `best ${v.m} for ${v.need}${v.inR}`,
  (v) => `which ${v.m} have the best ${v.attr}${v.inR}`,
  (v) => `most reliable ${v.m} brands for ${v.need}`,
  (v) => `top rated ${v.m}${v.inR} ${v.year}`,
  (v) => `affordable ${v.m} with good ${v.attr}${v.inR}`,
  (v) => `what are the best alternatives to ${v.comp} for ${v.need}`,
  (v) => `${v.comp} vs ${v.comp2}: which is better for ${v.need}`,
  (v) => `${v.m} recommendations for ${v.need}${v.inR}`,
  (v) => `which ${v.m} brand offers the best ${v.attr} for ${v.need}`,
  (v) => `where to buy ${v.m} for ${v.need}${v.inR}`,
  (v) => `best value ${v.m} for ${v.need} ${v.year}`,
  (v) => `${v.m} with the best customer reviews for ${v.attr}${v.inR}`,
  (v) => `is it worth paying more for ${v.m} with better ${v.attr}`,
  (v) => `what should I look for when choosing ${v.m} for ${v.need}`,
]

export function buildFramework(input: FrameworkInput, seed: string, year: string): BuiltFramework {
  const market = findMarket(input.market)
  const brand = brandFromInput(input, market)
  const label = marketPhrase(input.market, market)
  const rng = new Rng('framework', seed, input.brand.toLowerCase(), input.market.toLowerCase(), input.region ?? '')

  const exclude = new Set([brand.name.toLowerCase(), ...brand.alternativeNames.map((a) => a.toLowerCase())])
  const pool = (market?.brands ?? []).filter((c) => !exclude.has(c.name.toLowerCase()))
  const competitors = pool.slice(0, input.maxCompetitors)
  if (competitors.length < input.maxCompetitors) {
    competitors.push(...synthesiseBrands(`${label}|${input.region ?? ''}`, input.maxCompetitors - competitors.length, [...exclude, ...competitors.map((c) => c.name)]))
  }

  const region = regionPhrase(input.region)
  const needs = market?.needs ?? ['beginners', 'small budgets', 'families', 'professionals', 'everyday use', 'first-time buyers', 'long-term value', 'sustainability']
  const attrs = market?.attributes ?? ['quality', 'price', 'customer service', 'reliability', 'range', 'delivery']
  const names = competitors.map((c) => c.name)
  const queries: string[] = []
  const seen = new Set<string>()
  const add = (q: string) => {
    const clean = q.replace(/\s+/g, ' ').trim()
    const key = clean.toLowerCase()
    if (clean && !seen.has(key) && queries.length < input.maxQueries) {
      seen.add(key)
      queries.push(clean)
    }
  }
  const combos: Array<[number, number, number]> = []
  for (let t = 0; t < TEMPLATES.length; t++) for (let n = 0; n < needs.length; n++) combos.push([t, n, rng.int(0, 1000)])
  // Spread templates evenly: round-robin over templates, needs shuffled per template.
  const byTemplate = TEMPLATES.map((_, t) => rng.shuffle(combos.filter((c) => c[0] === t)))
  for (let round = 0; queries.length < input.maxQueries && round < needs.length; round++) {
    for (const list of rng.shuffle(byTemplate)) {
      const combo = list[round]
      if (!combo) continue
      const [t, n, salt] = combo
      const comp = names.length ? names[salt % Math.min(names.length, 6)] : 'the market leader'
      const comp2 = names.length > 1 ? names[(salt + 1) % Math.min(names.length, 6)] : 'its rivals'
      add(TEMPLATES[t]({ m: label, r: region ?? '', inR: region ? ` in ${region}` : '', need: needs[n], attr: attrs[(n + t) % attrs.length], comp, comp2, year }))
    }
  }
  for (let i = 1; queries.length < input.maxQueries; i++) add(`best ${label} option ${i}${region ? ` in ${region}` : ''}`)

  return {
    result: {
      competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })),
      brandDomains: brand.domains,
      queries,
    },
    market,
    brand,
    marketLabel: label,
  }
}
