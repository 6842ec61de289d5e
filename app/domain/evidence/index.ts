/**
 * Evidence behind the results screens: which answers a figure was computed from (a "cell"),
 * where in each answer the brand is mentioned or ranked (highlights), and how each answer was collected.
 * Pure and shared by the browser (cell links) and the server (GET /api/analyses/{id}/evidence).
 *
 * Decisions where the spec is silent:
 * - A cell is a metric, a brand, and optionally one model, one query and the screen's topic / audience
 *   filter. Its answers are the answered answers (ok, not blank) of the six card models inside it: the
 *   ones aggregateAnalysis counts. Failed answers are counted separately, never listed as evidence.
 * - Answers that bear on the figure come first: those mentioning the brand (mentions, share, sentiment)
 *   or ranking it (rank, visibility); the rest follow, since they are in the denominator too.
 * - Highlights are recomputed from the answer text with the analysis's brand snapshot and the same
 *   matcher that counted the mentions, on the countable text (metrics/mentions.ts countableAtLength). The ranked list item is marked
 *   for rank and visibility cells.
 */
import { z } from 'zod'
import { ALL_MODEL_IDS, modelById } from '../models'
import { findAllBrandSpans, type BrandDef } from '../metrics/brands'
import { findItemRanges } from '../metrics/rankings'
import { countableAtLength } from '../metrics/mentions'
import { FIELD_LIMITS, text } from '../validation'
import type { ProviderKey } from '../providers'

export const EVIDENCE_METRICS = ['mentions', 'share', 'rank', 'visibility', 'positive', 'sentiment'] as const
export type EvidenceMetric = (typeof EVIDENCE_METRICS)[number]

/** What one number on a results screen was computed from. */
export interface EvidenceCell {
  metric: EvidenceMetric
  brand: string
  /** One model (card id), or every model shown. */
  modelId?: number | null
  /** One query (its index in the analysis), or every query. */
  queryIndex?: number | null
  topic?: string | null
  audience?: string | null
}

export const EVIDENCE_PAGE_SIZE = 10

const optionalInt = (label: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null
      const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : NaN
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}` })
        return z.NEVER
      }
      return n
    })

const optionalText = (label: string) =>
  text(label, FIELD_LIMITS.query)
    .optional()
    .transform((s) => (s ? s : null))

/** The query string of GET /api/analyses/{id}/evidence. */
export const evidenceQuerySchema = z.object({
  metric: z.enum(EVIDENCE_METRICS, { error: `Metric must be one of ${EVIDENCE_METRICS.join(', ')}` }),
  brand: text('Brand', FIELD_LIMITS.competitor, { required: 'Brand is required' }),
  model: optionalInt('Model', 1, 1000).refine((m) => m === null || (ALL_MODEL_IDS as readonly number[]).includes(m), `Model must be one of ${ALL_MODEL_IDS.join(', ')}`),
  query: optionalInt('Query', 0, 10_000),
  topic: optionalText('Topic'),
  audience: optionalText('Audience'),
  page: optionalInt('Page', 1, 10_000).transform((p) => p ?? 1),
  /** A share link's id (/export/{exportId}): read by the route, not part of the cell. */
  export: z.string().max(128).optional(),
})
export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>

/** The cell as URL search parameters (the link a cell opens, and the API's query string). */
export function cellParams(c: EvidenceCell): URLSearchParams {
  const p = new URLSearchParams({ metric: c.metric, brand: c.brand })
  if (c.modelId) p.set('model', String(c.modelId))
  if (c.queryIndex !== null && c.queryIndex !== undefined) p.set('query', String(c.queryIndex))
  if (c.topic) p.set('topic', c.topic)
  if (c.audience) p.set('audience', c.audience)
  return p
}

/** Whether an answer bears on the cell's figure: it mentions the brand, or (rank, visibility) ranks it. */
export function isHit(metric: EvidenceMetric, mentions: number, rank: number | null): boolean {
  return metric === 'rank' || metric === 'visibility' ? rank !== null && rank > 0 : mentions > 0
}

const METRIC_WORDS: Record<EvidenceMetric, string> = {
  mentions: 'mentions',
  share: 'share of mentions',
  rank: 'average rank',
  visibility: 'visibility',
  positive: 'positive share',
  sentiment: 'sentiment',
}

/** A plain sentence saying which answers a cell covers, e.g. "Brooks · share of mentions · ChatGPT 5 · query 2 · topic Comfort". */
export function describeCell(c: EvidenceCell, queryText?: string | null): string {
  const parts = [c.brand, METRIC_WORDS[c.metric]]
  parts.push(c.modelId ? (modelById(c.modelId)?.name ?? `model ${c.modelId}`) : 'all models shown')
  if (c.queryIndex !== null && c.queryIndex !== undefined) parts.push(queryText ? `“${queryText}”` : `query ${c.queryIndex + 1}`)
  if (c.topic) parts.push(`topic ${c.topic}`)
  if (c.audience) parts.push(`audience ${c.audience}`)
  return parts.join(' · ')
}

// ------------------------------------------------------------------ highlights

export interface TextSegment {
  text: string
  /** The brand is named here. */
  mention?: boolean
  /** Inside the list item that ranks the brand. */
  rank?: boolean
}

/** Mention spans of the brand (start, end pairs) and the range of the list item that ranks it. */
export function brandMarks(
  answer: string,
  brands: BrandDef[],
  brand: string,
  rank: number | null,
): { mentions: [number, number][]; rankRange: [number, number] | null } {
  const countable = countableAtLength(answer)
  const i = brands.findIndex((b) => b.name === brand)
  if (i < 0 || !countable) return { mentions: [], rankRange: null }
  const spans = findAllBrandSpans(brands, countable, countable.toLowerCase())[i]
  const mentions: [number, number][] = []
  for (let k = 0; k < spans.length; k += 2) mentions.push([spans[k], spans[k + 1]])
  let rankRange: [number, number] | null = null
  if (rank !== null && rank > 0 && mentions.length) {
    const items = findItemRanges(countable)
    const inItem = (it: (typeof items)[number]) => mentions.some(([s]) => s >= Math.min(it.leadStart, it.bodyStart) && s < it.bodyEnd)
    const item = items.find((it) => it.rank === rank && inItem(it)) ?? items.find(inItem)
    if (item) {
      let end = item.bodyEnd
      while (end > 0 && /\s/.test(answer[end - 1])) end--
      rankRange = [Math.min(item.leadStart, item.bodyStart), end]
    }
  }
  return { mentions, rankRange }
}

/** The answer cut into text segments with the brand's mentions and its ranked item marked (rendered as text). */
export function segmentsOf(answer: string, marks: { mentions: [number, number][]; rankRange: [number, number] | null }): TextSegment[] {
  const cuts = new Set<number>([0, answer.length])
  for (const [s, e] of marks.mentions) cuts.add(s).add(e)
  if (marks.rankRange) cuts.add(marks.rankRange[0]).add(marks.rankRange[1])
  const points = [...cuts].filter((p) => p >= 0 && p <= answer.length).sort((a, b) => a - b)
  const out: TextSegment[] = []
  for (let k = 0; k + 1 < points.length; k++) {
    const [s, e] = [points[k], points[k + 1]]
    if (e <= s) continue
    const mention = marks.mentions.some(([ms, me]) => s >= ms && e <= me)
    const rank = marks.rankRange !== null && s >= marks.rankRange[0] && e <= marks.rankRange[1]
    const prev = out[out.length - 1]
    if (prev && Boolean(prev.mention) === mention && Boolean(prev.rank) === rank) prev.text += answer.slice(s, e)
    else out.push({ text: answer.slice(s, e), ...(mention ? { mention } : {}), ...(rank ? { rank } : {}) })
  }
  return out
}

// ------------------------------------------------------------------ collection

/** How an answer was collected (api_responses.collection); the date is the row's created_at, the sample its sample. */
export interface Collection {
  provider: ProviderKey
  /** The vendor API the answer came through. */
  api: string
  /** The model name the vendor was asked for. */
  model: string | null
  webSearch: boolean
  /** Host of the endpoint called (the simulator's in demo mode). */
  endpoint: string | null
  /** Answered by the built-in model simulator (demo mode, tests). */
  demo: boolean
}

const APIS: Record<ProviderKey, { api: string; search: 'requested' | 'always' | 'never' }> = {
  openai: { api: 'OpenAI Responses API', search: 'requested' },
  xai: { api: 'xAI Responses API', search: 'requested' },
  anthropic: { api: 'Anthropic Messages API', search: 'requested' },
  gemini: { api: 'Gemini API (generateContent)', search: 'requested' },
  // Sonar always searches; DeepSeek has no search tool (activities/gateway/providers.ts).
  perplexity: { api: 'Perplexity Chat Completions (Sonar)', search: 'always' },
  deepseek: { api: 'DeepSeek Chat Completions', search: 'never' },
  // What a person sees, read by a SERP provider: always with the engine's own search.
  dataforseo: { api: 'DataForSEO SERP / AI Optimization API', search: 'always' },
  serpapi: { api: 'SerpApi Search API', search: 'always' },
}

export function collectionOf(input: { provider: ProviderKey; model?: string | null; webSearchRequested: boolean; baseUrl?: string | null; simulated: boolean }): Collection {
  const a = APIS[input.provider]
  let endpoint: string | null
  try {
    endpoint = input.baseUrl ? new URL(input.baseUrl).host : null
  } catch {
    endpoint = null
  }
  return {
    provider: input.provider,
    api: a?.api ?? input.provider,
    model: input.model ?? null,
    webSearch: a?.search === 'always' ? true : a?.search === 'never' ? false : input.webSearchRequested,
    endpoint,
    demo: input.simulated,
  }
}

/** One line an auditor reads: "ChatGPT 5 · gpt-5 via OpenAI Responses API · web search on · sample 1 · 20/05/2025". */
export function collectionLine(c: Collection | null, a: { modelName: string; sample: number; date: string }): string {
  const day = /^\d{4}-\d{2}-\d{2}/.test(a.date) ? `${a.date.slice(8, 10)}/${a.date.slice(5, 7)}/${a.date.slice(0, 4)}` : a.date
  if (!c) return `${a.modelName} · sample ${a.sample} · ${day} · collection details not recorded (answer stored before they were)`
  return [
    `${a.modelName}${c.model ? ` · ${c.model}` : ''} via ${c.api}`,
    `web search ${c.webSearch ? 'on' : 'off'}`,
    `sample ${a.sample}`,
    day,
    ...(c.demo ? ['model simulator (demo mode)'] : []),
  ].join(' · ')
}

/** One answer behind a figure, as the evidence panel lists it (GET /api/analyses/{id}/evidence). */
export interface EvidenceAnswer {
  id: number
  modelId: number
  modelName: string
  queryIndex: number
  query: string
  sample: number
  /** The brand's mentions in this answer, and its rank (null when unranked). */
  mentions: number
  rank: number | null
  /** The answer bears on the figure (mentions the brand, or ranks it for rank cells). */
  hit: boolean
  collection: Collection | null
  /** "ChatGPT 5 · gpt-5 via OpenAI Responses API · web search on · sample 1 · 20/05/2025" */
  collectedLine: string
  collectedAt: string
  segments: TextSegment[]
}

export interface EvidenceView {
  analysisId: number
  cell: EvidenceCell
  description: string
  /** The figure recomputed from the listed answers, in words. */
  summary: string
  totals: { answers: number; hits: number; failed: number; brandMentions: number; allMentions: number; ranks: number[] }
  page: number
  pages: number
  pageSize: number
  answers: EvidenceAnswer[]
  metricsVersion: number
}
