/**
 * What the analysis says about a query, for the ideator's prompt: the models' answers, the
 * competitors they ranked above the brand with the answer's own sentence about each, the sources cited,
 * and the gaps an idea can close. Ranks and mentions come from parseAnswer, the function the results
 * screens use, so the prompt and the Brand Rank tab agree. Pure.
 *
 * Decisions where the spec is silent:
 * - A project query is grounded on its own answers in the latest completed analysis (and that analysis'
 *   enhanced source insights for the query). A custom query, or a query no analysis asked, is grounded on
 *   the whole analysis (scope 'project'); without any completed analysis the grounding is empty ('none').
 * - A competitor is "above" the brand in an answer when it is ranked and the brand is ranked lower or not
 *   at all. Gaps, in order: each competitor ahead (most answers first), the models that leave the brand
 *   out, then the most cited sources that are not the brand's own.
 */
import { parseAnswer, type BrandDef } from '../metrics'
import { classifySource } from '../sources/classify'
import { citedDomain } from '../sources/insights'
import { IDEATOR_LIMITS as L } from './constants'
import type { CompetitorAbove, Gap, Grounding, GroundingAnswer, GroundingSource } from './types'

export interface AnswerInput {
  modelName: string
  query: string
  response: string
  citations: { url: string; title?: string }[]
  sources: { url: string; title?: string }[]
}

export interface GroundingInput {
  scope: 'query' | 'project'
  analysisId: number
  analysisDate: string
  brands: BrandDef[]
  language?: string | null
  answers: AnswerInput[]
  /** Enhanced insights' citations for the same query (or all queries for scope 'project'). */
  insightCitations: { url: string; title?: string }[][]
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()
const cap = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s)
const plain = (s: string) => s.replace(/\[(\d+)\]/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`#>|]+/g, ' ')
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first sentence of the answer that names the brand (any of its names), as plain text. */
export function sentenceAbout(text: string, brand: BrandDef): string {
  const names = [brand.name, ...(brand.alternativeNames ?? [])].filter((n) => n.trim().length > 2)
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${names.map(escapeRe).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu')
  const sentences = plain(text)
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => squash(s.replace(/^\s*(?:\d+[.)]|[-•]|\p{Emoji_Presentation})\s*/u, '')))
    .filter(Boolean)
  const hit = sentences.find((s) => re.test(s))
  return hit ? cap(hit, L.whyChars) : ''
}

/** No completed analysis to ground on: one gap, the missing measurement itself. */
export const emptyGrounding = (brand: string): Grounding => ({
  scope: 'none', analysisId: null, analysisDate: null, brand, answers: [], competitorsAbove: [], sources: [],
  gaps: [{ id: 'gap-1', kind: 'unmeasured', text: `No completed analysis yet: how AI models answer this query about ${brand} is not measured` }],
})

export function buildGrounding(input: GroundingInput): Grounding {
  const [own, ...competitors] = input.brands
  const answers: GroundingAnswer[] = []
  const above: CompetitorAbove[] = []
  const missing = new Set<string>()
  for (const a of input.answers) {
    if (!a.response.trim()) continue
    const parsed = parseAnswer(a.response, input.brands, input.language)
    const brandRank = parsed.rankings[own.name] ?? null
    const brandMentions = parsed.mentions[own.name] ?? 0
    if (brandMentions === 0) missing.add(a.modelName)
    answers.push({ model: a.modelName, brandRank, brandMentions, excerpt: cap(squash(plain(a.response)), L.answerChars) })
    for (const c of competitors) {
      const rank = parsed.rankings[c.name]
      if (rank === undefined || (brandRank !== null && rank >= brandRank)) continue
      above.push({ name: c.name, model: a.modelName, rank, brandRank, why: sentenceAbout(a.response, c) })
    }
  }
  // A model leaves the brand out only if none of its answers name it.
  for (const a of answers) if (a.brandMentions > 0) missing.delete(a.model)

  // Competitors ahead: most answers first, then best rank, then name; each competitor's entries together.
  const byCompetitor = new Map<string, CompetitorAbove[]>()
  for (const e of above) byCompetitor.set(e.name, [...(byCompetitor.get(e.name) ?? []), e])
  const ranked = [...byCompetitor.entries()].sort(
    ([an, a], [bn, b]) => b.length - a.length || Math.min(...a.map((x) => x.rank)) - Math.min(...b.map((x) => x.rank)) || an.localeCompare(bn),
  )
  for (const [, list] of ranked) list.sort((x, y) => x.rank - y.rank || x.model.localeCompare(y.model))
  const competitorsAbove = ranked.flatMap(([, list]) => list).slice(0, L.competitorsAbove)

  // Sources: each cited URL counted once per answer or insight, grouped by domain.
  const counts = new Map<string, { citations: number; title: string | null }>()
  const lists = [...input.answers.map((a) => [...a.citations, ...a.sources]), ...input.insightCitations]
  for (const list of lists) {
    const seen = new Set<string>()
    for (const c of list) {
      if (!c?.url || seen.has(c.url)) continue
      seen.add(c.url)
      const domain = citedDomain(c.url, c.title)
      if (!domain) continue
      const s = counts.get(domain) ?? { citations: 0, title: null }
      s.citations++
      s.title ??= c.title && squash(c.title) !== domain ? cap(squash(c.title), 120) : null
      counts.set(domain, s)
    }
  }
  const sources: GroundingSource[] = [...counts.entries()]
    .map(([domain, s]) => ({ domain, type: classifySource(domain, own, competitors), citations: s.citations, title: s.title }))
    .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
    .slice(0, L.sources)

  const gaps: Gap[] = []
  const where = input.scope === 'query' ? 'for this query' : 'across the analysis'
  for (const [name, list] of ranked) {
    const parts = list.map((e) => `${e.model} (#${e.rank} vs ${e.brandRank === null ? 'not ranked' : `#${e.brandRank}`})`)
    gaps.push({ id: '', kind: 'competitor-ahead', text: `${name} is ranked above ${own.name} by ${parts.join(', ')} ${where}` })
  }
  if (missing.size) gaps.push({ id: '', kind: 'not-mentioned', text: `${own.name} is not mentioned by ${[...missing].sort().join(', ')} ${where}` })
  const ownCited = sources.some((s) => s.type === 'Owned')
  for (const s of sources.filter((x) => x.type !== 'Owned').slice(0, 2)) {
    gaps.push({ id: '', kind: 'source', text: `${s.domain} (${s.type}) is cited ${s.citations} time${s.citations === 1 ? '' : 's'} ${where}${ownCited ? '' : `; no ${own.name} page is cited`}` })
  }
  // Nothing ahead, nobody silent, only own sources: the gap left is keeping the lead.
  if (!gaps.length) gaps.push({ id: '', kind: 'lead', text: `${own.name} leads ${where}: no competitor is ranked above it` })
  const numbered = gaps.slice(0, 8).map((g, i) => ({ ...g, id: `gap-${i + 1}` }))
  return { scope: input.scope, analysisId: input.analysisId, analysisDate: input.analysisDate, brand: own.name, answers: answers.slice(0, L.answers), competitorsAbove, sources, gaps: numbered }
}
