/**
 * The Accuracy view of an analysis: its contradicted claims grouped by the fact they contradict, per
 * model, each with the answers behind it, the sources those answers cited, and when the project's analyses first and
 * last carried that claim; plus which claims are new (never seen in an earlier analysis), which raise an alert.
 * Pure: app/lib/factcheck.server.ts reads the rows, the tab, the API and MCP show the result.
 */
import { z } from 'zod'
import type { ClaimLabel } from './judge'

/** A contradicted claim as stored (the project's history, for first/last seen and "new"). */
export interface ClaimRow {
  analysisId: number
  modelId: number
  factId: number | null
  factStatement: string | null
  claim: string
  sentence: string
  createdAt: Date | string
}

export interface ClaimSource {
  url: string
  title: string | null
  domain: string | null
}

/** One contradicted claim of the analysis shown, with its answer. */
export interface ClaimDetail extends ClaimRow {
  responseId: number
  query: string
  sample: number
  sources: ClaimSource[]
}

export interface AccuracyClaim {
  claim: string
  modelId: number
  model: string
  /** Answers of this analysis that make it. */
  answers: { responseId: number; query: string; sample: number; sentence: string; sources: ClaimSource[] }[]
  /** Days (YYYY-MM-DD, UTC) the project's analyses first and last carried this claim from this model. */
  firstSeen: string
  lastSeen: string
  /** No earlier analysis of the project carried it: it raised an alert. */
  isNew: boolean
}

export interface AccuracyFact {
  factId: number | null
  fact: string
  sourceUrl: string | null
  contradictions: number
  byModel: { modelId: number; model: string; claims: number }[]
  claims: AccuracyClaim[]
}

/** The Accuracy tab, GET /api/analyses/{id}/accuracy and the public API's accuracy route. */
export interface AccuracyView {
  analysisId: number
  projectId: number
  brand: string
  /** The analysis's fact-check run; null when none ran (no facts when it completed). */
  run: { status: string; answersTotal: number; answersChecked: number; claims: number; costUsd: number; stopped: string | null } | null
  totals: AccuracyTotals
  /** Contradicted claims no earlier analysis of the project carried (they raised an alert). */
  newContradictions: number
  facts: AccuracyFact[]
  /** Facts on the project's sheet now. */
  factCount: number
}

export interface AccuracyTotals {
  answersChecked: number
  supported: number
  contradicted: number
  unverifiable: number
}

/** Claims are the same claim when their words are (case, spacing and punctuation aside). */
export function claimKey(r: Pick<ClaimRow, 'factId' | 'factStatement' | 'modelId' | 'claim'>): string {
  const words = r.claim.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
  return `${r.factId ?? r.factStatement ?? ''}|${r.modelId}|${words}`
}

const day = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString().slice(0, 10)

/** The contradicted claims of `analysisId` that no earlier analysis of the project had (by claimKey), once each. */
export function newContradictions(rows: ClaimRow[], analysisId: number): { factStatement: string | null; modelId: number; claim: string }[] {
  const earlier = new Set(rows.filter((r) => r.analysisId < analysisId).map(claimKey))
  const seen = new Set<string>()
  const out: { factStatement: string | null; modelId: number; claim: string }[] = []
  for (const r of rows) {
    if (r.analysisId !== analysisId) continue
    const k = claimKey(r)
    if (earlier.has(k) || seen.has(k)) continue
    seen.add(k)
    out.push({ factStatement: r.factStatement, modelId: r.modelId, claim: r.claim })
  }
  return out
}

/** The alert's one line: 'New wrong claim about Acme: ChatGPT 5 says "…" (fact: "…")' and how many more. */
export function alertMessage(brand: string, fresh: { factStatement: string | null; modelId: number; claim: string }[], modelName: (id: number) => string): string {
  const first = fresh[0]
  const more = fresh.length > 1 ? ` and ${fresh.length - 1} more` : ''
  const fact = first.factStatement ? ` (fact: "${first.factStatement}")` : ''
  return `New wrong claim about ${brand}: ${modelName(first.modelId)} says "${first.claim}"${fact}${more}.`
}

/**
 * Groups the analysis's contradicted claims by fact (most contradicted first), then by claim and model. `history`
 * holds the project's contradicted claims up to this analysis (this one included) for first/last seen and "new".
 */
export function groupAccuracy(
  current: ClaimDetail[],
  history: ClaimRow[],
  facts: { id: number; statement: string; sourceUrl: string | null }[],
  analysisId: number,
  modelName: (id: number) => string,
): AccuracyFact[] {
  const span = new Map<string, { first: string; last: string; earlier: boolean }>()
  for (const r of history) {
    const k = claimKey(r)
    const d = day(r.createdAt)
    const s = span.get(k) ?? { first: d, last: d, earlier: false }
    if (d < s.first) s.first = d
    if (d > s.last) s.last = d
    if (r.analysisId < analysisId) s.earlier = true
    span.set(k, s)
  }
  const byFact = new Map<string, AccuracyFact>()
  for (const r of current) {
    const factKey = r.factId !== null ? `id:${r.factId}` : `text:${r.factStatement ?? ''}`
    let f = byFact.get(factKey)
    if (!f) {
      const known = r.factId !== null ? facts.find((x) => x.id === r.factId) : undefined
      f = { factId: r.factId, fact: known?.statement ?? r.factStatement ?? '', sourceUrl: known?.sourceUrl ?? null, contradictions: 0, byModel: [], claims: [] }
      byFact.set(factKey, f)
    }
    f.contradictions++
    const m = f.byModel.find((x) => x.modelId === r.modelId)
    if (m) m.claims++
    else f.byModel.push({ modelId: r.modelId, model: modelName(r.modelId), claims: 1 })
    const k = claimKey(r)
    let c = f.claims.find((x) => claimKey({ ...r, claim: x.claim, modelId: x.modelId }) === k)
    if (!c) {
      const s = span.get(k) ?? { first: day(r.createdAt), last: day(r.createdAt), earlier: false }
      c = { claim: r.claim, modelId: r.modelId, model: modelName(r.modelId), answers: [], firstSeen: s.first, lastSeen: s.last, isNew: !s.earlier }
      f.claims.push(c)
    }
    c.answers.push({ responseId: r.responseId, query: r.query, sample: r.sample, sentence: r.sentence, sources: r.sources })
  }
  const out = [...byFact.values()]
  for (const f of out) {
    f.byModel.sort((a, b) => b.claims - a.claims || a.modelId - b.modelId)
    f.claims.sort((a, b) => b.answers.length - a.answers.length || a.modelId - b.modelId || a.claim.localeCompare(b.claim))
  }
  return out.sort((a, b) => b.contradictions - a.contradictions || a.fact.localeCompare(b.fact))
}

/** Label counts over an analysis's claims. */
export function totalsOf(labels: { label: ClaimLabel; n: number }[], answersChecked: number): AccuracyTotals {
  const n = (l: ClaimLabel) => labels.find((x) => x.label === l)?.n ?? 0
  return { answersChecked, supported: n('supported'), contradicted: n('contradicted'), unverifiable: n('unverifiable') }
}

/** The export's rows (CSV): one per answer behind a contradicted claim. */
export function accuracyRows(facts: AccuracyFact[]): string[][] {
  const rows = [['Fact', 'Model', 'Claim', 'Query', 'Sample', 'Sentence', 'Sources', 'First seen', 'Last seen', 'New']]
  for (const f of facts)
    for (const c of f.claims)
      for (const a of c.answers) rows.push([f.fact, c.model, c.claim, a.query, String(a.sample), a.sentence, a.sources.map((s) => s.url).join(' '), c.firstSeen, c.lastSeen, c.isNew ? 'yes' : 'no'])
  return rows
}

function domainOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return null
  }
}

/** The sites an answer cited (its inline citations, then its source list), once each by URL. */
export function answerSources(citations: unknown, sources: unknown): ClaimSource[] {
  const out: ClaimSource[] = []
  const seen = new Set<string>()
  for (const list of [citations, sources]) {
    if (!Array.isArray(list)) continue
    for (const item of list) {
      const url = typeof item?.url === 'string' ? item.url : null
      if (!url || seen.has(url)) continue
      seen.add(url)
      out.push({ url, title: typeof item.title === 'string' ? item.title : null, domain: domainOf(url) })
    }
  }
  return out
}

const MODEL_FILTER_NAMES = ['claude', 'perplexity', 'gemini', 'gpt41', 'grok3', 'deepseek', 'combined'] as const

/** The query of GET /api/analyses/{id}/accuracy: a model filter (as the results screens name them) and the format. */
export const accuracyQuerySchema = z.object({
  model: z.enum(MODEL_FILTER_NAMES).optional(),
  format: z.enum(['json', 'csv']).optional(),
})
