/** Answers the framework prompt: competitors, the brand's domains and search-style queries. */
import type { FrameworkInput, FrameworkResult } from '../activities/gateway/prompts'
import { findMarket, marketPhrase, regionPhrase, slug, synthesiseBrands, type BrandInfo, type MarketInfo, type MarketKind } from './knowledge'
import { localBrand, nativeNames, phrasebook } from './languages'
import { fillTemplate, isPlural, mentionsPlace } from './grammar'
import { DEFAULT_ATTRS, DEFAULT_NEEDS } from './prose'
import { Rng } from './prng'

export interface BuiltFramework {
  result: FrameworkResult
  market?: MarketInfo
  kind: MarketKind
  brand: BrandInfo
  marketLabel: string
}

function brandFromInput(input: FrameworkInput, market: MarketInfo | undefined): BrandInfo {
  const raw = input.brand.trim()
  const key = raw.toLowerCase()
  const known = market?.brands.find(
    (b) => b.name.toLowerCase() === key || b.alternativeNames.some((a) => a.toLowerCase() === key) || b.domains.includes(key) || nativeNames(b).includes(raw),
  )
  // In another language the brand keeps the name the user typed: answers name it that way.
  if (known) return phrasebook(input.language) && known.name !== raw ? { name: raw, alternativeNames: [], domains: known.domains } : known
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

/** `has` is "has" or "have" as the market label is singular ("CRM software") or plural ("running shoes"). */
type Vars = { m: string; has: string; r: string; inR: string; need: string; attr: string; comp: string; comp2: string; year: string; size: string }
type Template = (v: Vars) => string

/** Business software: team sizes, head-to-heads for enterprise, alternatives, rollout and security. */
const SOFTWARE_B2B: Template[] = [
  (v) => `best ${v.m} for ${v.need}${v.inR}`,
  (v) => `best ${v.m} for a ${v.size}-person team`,
  (v) => `${v.comp} vs ${v.comp2} for enterprise`,
  (v) => `alternatives to ${v.comp} for ${v.need}`,
  (v) => `${v.comp} vs ${v.comp2}: which is better for ${v.need}`,
  (v) => `which ${v.m} ${v.has} the best ${v.attr}`,
  (v) => `is ${v.comp} worth it for ${v.need}`,
  (v) => `${v.m} pricing compared for ${v.need} in ${v.year}`,
  (v) => `most secure ${v.m} for ${v.need}`,
  (v) => `how do ${v.comp} and ${v.comp2} compare on ${v.attr}`,
  (v) => `easiest ${v.m} to roll out across a ${v.size}-person company`,
  (v) => `what ${v.m} do IT teams recommend${v.inR}`,
  (v) => `top ${v.m} for ${v.need} in ${v.year}`,
  (v) => `should we switch from ${v.comp} to something else`,
]

/** Apps and subscriptions people pay for themselves. */
const SOFTWARE_B2C: Template[] = [
  (v) => `best ${v.m} for ${v.need}`,
  (v) => `best ${v.m} ${v.year}`,
  (v) => `is ${v.comp} worth paying for`,
  (v) => `${v.comp} vs ${v.comp2}: which is better for ${v.need}`,
  (v) => `best free ${v.m} for ${v.need}`,
  (v) => `cheapest ${v.m}${v.inR} with good ${v.attr}`,
  (v) => `alternatives to ${v.comp} for ${v.need}`,
  (v) => `which ${v.m} ${v.has} the best ${v.attr}`,
  (v) => `is it worth upgrading to a paid ${v.m} for ${v.need}`,
  (v) => `which ${v.m} do reviewers rate highest for ${v.attr}`,
  (v) => `${v.comp} or ${v.comp2} for ${v.need}${v.inR}`,
]

/** Things people buy: buying, price and reviews. */
const GOODS: Template[] = [
  (v) => `best ${v.m} for ${v.need}${v.inR}`,
  (v) => `which ${v.m} ${v.has} the best ${v.attr}`,
  (v) => `most reliable ${v.m} brands for ${v.need}`,
  (v) => `top rated ${v.m}${v.inR} ${v.year}`,
  (v) => `affordable ${v.m} with good ${v.attr}`,
  (v) => `alternatives to ${v.comp} for ${v.need}`,
  (v) => `${v.comp} vs ${v.comp2}: which is better for ${v.need}`,
  (v) => `best value ${v.m} for ${v.need} ${v.year}`,
  (v) => `where to buy ${v.m}${v.inR} at a good price`,
  (v) => `which ${v.m} brand gets the best reviews for ${v.attr}`,
  (v) => `is it worth paying more for ${v.m} with better ${v.attr}`,
  (v) => `what to look for when buying ${v.m} for ${v.need}`,
  (v) => `is ${v.comp} worth the money for ${v.need}`,
]

/** Services people sign up to: value, customer service, switching, trust. */
const SERVICE: Template[] = [
  (v) => `best ${v.m}${v.inR} for ${v.need}`,
  (v) => `which ${v.m} ${v.has} the best customer service${v.inR}`,
  (v) => `cheapest ${v.m}${v.inR} in ${v.year}`,
  (v) => `${v.comp} vs ${v.comp2}: which is better for ${v.need}`,
  (v) => `is it worth switching from ${v.comp}`,
  (v) => `${v.m} with the best ${v.attr}${v.inR}`,
  (v) => `most trusted ${v.m}${v.inR}`,
  (v) => `which ${v.m} should I choose for ${v.need}`,
  (v) => `alternatives to ${v.comp}${v.inR}`,
  (v) => `which ${v.m} gives the best value for ${v.need}`,
  (v) => `what do customers say about ${v.comp}'s ${v.attr}`,
  (v) => `${v.m} reviews ${v.year}: who is best for ${v.attr}`,
]

/** Goods or services bought by businesses. */
const BUSINESS: Template[] = [
  (v) => `best ${v.m} for businesses${v.inR}`,
  (v) => `best ${v.m} for a ${v.size}-person company`,
  (v) => `${v.comp} vs ${v.comp2} for business`,
  (v) => `which ${v.m} provider is best for ${v.need}`,
  (v) => `alternatives to ${v.comp} for business customers`,
  (v) => `${v.m} with the best ${v.attr} for companies`,
  (v) => `how to choose a ${v.m} supplier for ${v.need}`,
  (v) => `most reliable ${v.m} suppliers${v.inR} ${v.year}`,
  (v) => `is ${v.comp} a good choice for ${v.need}`,
  (v) => `${v.m} for ${v.need}: what procurement teams compare`,
]

/** Software markets whose buyers are people rather than companies (when the project does not say B2B). */
const CONSUMER_SOFTWARE = new Set(['password-managers', 'vpn-services', 'antivirus-software', 'cloud-storage', 'language-learning-apps', 'music-streaming', 'dating-apps', 'ai-assistants'])

const SOFTWARE_WORDS = /\b(software|saas|app|apps|platform|platforms|tool|tools|crm|erp|api|cloud|plugin|extension|wiki|notes?)\b/i
const SERVICE_WORDS = /\b(services?|agency|agencies|consultancy|consultants?|insurance|insurers?|bank|banks|banking|provider|providers|supplier|suppliers|delivery|salons?|clinics?|hotels?|restaurants?|repairs?|cleaning|charters?|rentals?|lawyers?|solicitors?|accountants?|plumbers?|schools?|courses?|tutors?|gyms?|holidays?|travel|hire|subscription|subscriptions|membership|care)\b/i

/** Software, goods or services: the catalogue's word for a known market, else read from the description. */
export function marketKind(description: string, market: MarketInfo | undefined): MarketKind {
  if (market) return market.kind
  if (SOFTWARE_WORDS.test(description)) return 'software'
  if (SERVICE_WORDS.test(description)) return 'service'
  return 'goods'
}

/** The question templates for a market: what is sold and who buys it. */
export function queryTemplates(kind: MarketKind, marketType: 'B2B' | 'B2C' | undefined, market: MarketInfo | undefined): Template[] {
  if (kind === 'software') return marketType === 'B2B' || (market ? !CONSUMER_SOFTWARE.has(market.key) : false) ? SOFTWARE_B2B : SOFTWARE_B2C
  if (marketType === 'B2B') return BUSINESS
  return kind === 'service' ? SERVICE : GOODS
}

const TEAM_SIZES = ['10', '25', '50', '200', '1,000']

export function buildFramework(input: FrameworkInput, seed: string, year: string): BuiltFramework {
  const market = findMarket(input.market)
  const brand = brandFromInput(input, market)
  const label = marketPhrase(input.market, market)
  const rng = new Rng('framework', seed, input.brand.toLowerCase(), input.market.toLowerCase(), input.region ?? '')

  const book = phrasebook(input.language)
  const exclude = new Set([brand.name.toLowerCase(), ...brand.alternativeNames.map((a) => a.toLowerCase())])
  const pool = (market?.brands ?? []).filter((c) => !exclude.has(c.name.toLowerCase()) && !nativeNames(c).includes(brand.name))
  // Answers in another language name catalogue brands natively (ソニー, 三星): so does the list.
  const competitors = pool.slice(0, input.maxCompetitors).map((c) => localBrand(c, input.language))
  // A catalogued market gets only its real brands, even if fewer than asked for (the user can add
  // more); illustrative names (.example) are only for a market the catalogue does not know.
  if (!market) competitors.push(...synthesiseBrands(`${label}|${input.region ?? ''}`, input.maxCompetitors, [...exclude]))

  const region = regionPhrase(input.region)
  const kind = marketKind(input.market, market)
  const needs = book?.needs ?? market?.needs ?? DEFAULT_NEEDS[kind]
  const attrs = book?.attrs ?? market?.attributes ?? DEFAULT_ATTRS[kind]
  const templates: Template[] = book ? book.queries.map((t) => (v) => fillTemplate(t, v, input.language)) : queryTemplates(kind, input.marketType, market)
  const m = book && market ? (book.labels[market.key] ?? label) : label
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
  for (let t = 0; t < templates.length; t++) for (let n = 0; n < needs.length; n++) combos.push([t, n, rng.int(0, 1000)])
  // Spread templates evenly: round-robin over templates, needs shuffled per template.
  const byTemplate = templates.map((_, t) => rng.shuffle(combos.filter((c) => c[0] === t)))
  for (let round = 0; queries.length < input.maxQueries && round < needs.length; round++) {
    for (const list of rng.shuffle(byTemplate)) {
      const combo = list[round]
      if (!combo) continue
      const [t, n, salt] = combo
      const comp = names.length ? names[salt % Math.min(names.length, 6)] : 'the market leader'
      const comp2 = names.length > 1 ? names[(salt + 1) % Math.min(names.length, 6)] : 'its rivals'
      const need = needs[n]
      const attr = attrs[(n + t) % attrs.length]
      // No " in the UK" after a need that names a place already ("UK data residency").
      const inR = region && !mentionsPlace(`${need} ${attr}`, region) ? ` in ${region}` : ''
      add(templates[t]({ m, has: isPlural(m) ? 'have' : 'has', r: region ?? '', inR, need, attr, comp, comp2, year, size: TEAM_SIZES[salt % TEAM_SIZES.length] }))
    }
  }
  for (let i = 1; queries.length < input.maxQueries; i++) add(book ? `${m} ${year} (${i})` : `best ${label} option ${i}${region ? ` in ${region}` : ''}`)

  return {
    result: {
      competitors: competitors.map((c) => ({ name: c.name, alternativeNames: c.alternativeNames, domains: c.domains })),
      brandDomains: brand.domains,
      queries,
    },
    market,
    kind,
    brand,
    marketLabel: m,
  }
}
