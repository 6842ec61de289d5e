/**
 * What the product tells the simulator about a project when an analysis starts in demo mode
 * (POST /__sim/projects): the brand, market and the project's *current* competitors and
 * queries, after the user's edits. Answers then name those competitors (plus a few brands the
 * project does not track), as a real model would name the brands that matter in the market.
 * Also the demo's realistic latency per provider.
 */
import { marketKind } from './framework'
import { findMarket, marketPhrase, type BrandInfo } from './knowledge'
import { phrasebook } from './languages'
import type { LearnedProject } from './projects'

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const strings = (v: unknown, max: number): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim().slice(0, 300)).slice(0, max) : []

function brandOf(v: unknown): BrandInfo | undefined {
  if (typeof v === 'string' && v.trim()) return { name: v.trim(), alternativeNames: [], domains: [] }
  if (!isRecord(v) || typeof v.name !== 'string' || !v.name.trim()) return undefined
  return { name: v.name.trim().slice(0, 300), alternativeNames: strings(v.alternativeNames, 20), domains: strings(v.domains, 20).map((d) => d.toLowerCase()) }
}

/** A project to learn from a POST /__sim/projects body, or the reasons it is not one. */
export function projectFromBody(body: unknown, now: Date): LearnedProject | { errors: string[] } {
  const errors: string[] = []
  if (!isRecord(body)) return { errors: ['body must be a JSON object'] }
  const brand = brandOf(body.brand)
  if (!brand) errors.push('brand must be a name or { name, alternativeNames?, domains? }')
  const market = typeof body.market === 'string' ? body.market.trim() : ''
  if (!market) errors.push('market must be a non-empty string')
  if (body.competitors !== undefined && !Array.isArray(body.competitors)) errors.push('competitors must be an array')
  if (body.queries !== undefined && !Array.isArray(body.queries)) errors.push('queries must be an array of strings')
  if (errors.length || !brand) return { errors }
  const competitors = (Array.isArray(body.competitors) ? body.competitors : []).map(brandOf).filter((b): b is BrandInfo => Boolean(b)).slice(0, 50)
  const region = typeof body.region === 'string' && body.region.trim() ? body.region.trim() : undefined
  const language = typeof body.language === 'string' && body.language.trim() ? body.language.trim() : 'en-GB'
  const found = findMarket(market)
  const book = phrasebook(language)
  return {
    brand,
    market,
    marketKey: found?.key,
    marketLabel: (book && found ? book.labels[found.key] : undefined) ?? marketPhrase(market, found),
    region,
    language,
    marketType: body.marketType === 'B2B' ? 'B2B' : 'B2C',
    kind: marketKind(market, found),
    competitors,
    queries: strings(body.queries, 200),
    facts: strings(body.facts, 60),
    learnedAt: now.toISOString(),
  }
}

/**
 * Demo mode's latency per provider, in milliseconds (min, max): about what each vendor takes
 * for a web-search answer, so the progress page moves as it does with real models. Tests and
 * benchmarks start the simulator without it.
 */
export const DEMO_LATENCY: Record<string, [number, number]> = {
  openai: [1200, 3000],
  anthropic: [1000, 2800],
  gemini: [500, 1500],
  perplexity: [700, 2000],
  xai: [1000, 3000],
  deepseek: [800, 2500],
}
