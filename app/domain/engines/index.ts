/**
 * The engines' own figures, from an analysis's stored answers. Pure.
 *
 * Presence: how often an engine showed an AI answer at all (an AI Overview is absent for many queries). An absent
 * answer is a result, counted here and in no mention or visibility rate.
 *
 * API versus app: the same queries asked of a developer API and read from what people see (ChatGPT 5 API against the
 * ChatGPT app; Gemini API against Google AI Mode). Per brand, the share of answers mentioning it and its average list
 * position in each; the overlap of the web domains each cited (Jaccard: shared ÷ all, with n = all); and the queries
 * where the two named the most different brands.
 */
import { z } from 'zod'
import { rateCi, type RateCi } from '../metrics/intervals'
import { round1 } from '../metrics/colours'
import { modelById } from '../models'
import { normaliseDomain } from '../sources/classify'

/** One stored answer, as the engines' figures read it. */
export interface EngineAnswer {
  modelId: number
  queryIndex: number
  query: string
  sample: number
  ok: boolean
  /** ok with text (not failed, not absent). */
  answered: boolean
  /** The engine showed no AI answer (parsed_data.absent). */
  absent: boolean
  mentions: Record<string, number>
  rankings: Record<string, number>
  /** URLs the answer cited (citations and sources). */
  urls: string[]
}

// ------------------------------------------------------------------------------------------------ presence

export interface PresenceRate {
  modelId: number
  model: string
  /** Shown of n: answers with an AI answer of the answers that came back (absent included, failed not). */
  shown: RateCi
}

export interface QueryPresence extends PresenceRate {
  queryIndex: number
  query: string
}

/** Presence per engine and per query × engine; answers that failed are in no n. */
export function presenceRates(answers: EngineAnswer[], modelIds: readonly number[]): { byModel: PresenceRate[]; byQuery: QueryPresence[] } {
  const count = (list: EngineAnswer[]) => rateCi(list.filter((a) => a.answered).length, list.filter((a) => a.answered || a.absent).length)
  const byModel: PresenceRate[] = []
  const byQuery: QueryPresence[] = []
  for (const modelId of modelIds) {
    const mine = answers.filter((a) => a.modelId === modelId)
    const model = modelById(modelId)?.name ?? String(modelId)
    byModel.push({ modelId, model, shown: count(mine) })
    const queries = [...new Set(mine.map((a) => a.queryIndex))].sort((a, b) => a - b)
    for (const q of queries) {
      const list = mine.filter((a) => a.queryIndex === q)
      byQuery.push({ modelId, model, queryIndex: q, query: list[0].query, shown: count(list) })
    }
  }
  return { byModel, byQuery }
}

// ------------------------------------------------------------------------------------------------ API vs app

/** The pairs compared: a developer API and the app people use. */
export const COMPARED_PAIRS = [
  { api: 8, app: 14, label: 'ChatGPT: API (gpt-5) vs app' },
  { api: 6, app: 12, label: 'Google: Gemini API vs AI Mode' },
] as const

export interface SideFigures {
  /** Answers mentioning the brand of the answered answers. */
  mentionRate: RateCi
  /** Mean list position over the answers that rank it (1 decimal); null when none. */
  averageRank: number | null
  ranked: number
}

export interface BrandComparison {
  brand: string
  isOwn: boolean
  api: SideFigures
  app: SideFigures
}

export interface QueryDisagreement {
  queryIndex: number
  query: string
  /** 1 − shared brands ÷ brands named by either (0 = the same brands, 1 = none in common). */
  disagreement: number
  onlyApi: string[]
  onlyApp: string[]
}

export interface PairComparison {
  label: string
  apiModelId: number
  appModelId: number
  apiModel: string
  appModel: string
  /** Queries both answered (with text): the comparison's common ground. */
  queries: number
  brands: BrandComparison[]
  domains: { shared: number; apiOnly: number; appOnly: number; n: number; jaccard: number | null }
  disagreements: QueryDisagreement[]
}

function side(answers: EngineAnswer[], brand: string): SideFigures {
  const ranks = answers.map((a) => a.rankings[brand]).filter((r): r is number => typeof r === 'number' && r > 0)
  return {
    mentionRate: rateCi(answers.filter((a) => (a.mentions[brand] ?? 0) > 0).length, answers.length),
    averageRank: ranks.length ? round1(ranks.reduce((s, r) => s + r, 0) / ranks.length) : null,
    ranked: ranks.length,
  }
}

function domainsOf(answers: EngineAnswer[]): Set<string> {
  return new Set(answers.flatMap((a) => a.urls.flatMap((u) => normaliseDomain(u) ?? [])))
}

const named = (answers: EngineAnswer[]) => new Set(answers.flatMap((a) => Object.entries(a.mentions).filter(([, n]) => n > 0).map(([b]) => b)))

/**
 * One pair, over the queries both sides answered (so an absent or failed answer on one side drops that query from
 * both, and the two rates share their queries). `top` disagreements, most different first.
 */
export function comparePair(answers: EngineAnswer[], brands: { name: string; isOwn: boolean }[], pair: { api: number; app: number; label: string }, top = 5): PairComparison {
  const answeredBy = (m: number) => answers.filter((a) => a.modelId === m && a.answered)
  const common = new Set(answeredBy(pair.api).map((a) => a.queryIndex).filter((q) => answeredBy(pair.app).some((b) => b.queryIndex === q)))
  const api = answeredBy(pair.api).filter((a) => common.has(a.queryIndex))
  const app = answeredBy(pair.app).filter((a) => common.has(a.queryIndex))
  const [dApi, dApp] = [domainsOf(api), domainsOf(app)]
  const shared = [...dApi].filter((d) => dApp.has(d)).length
  const n = new Set([...dApi, ...dApp]).size
  const disagreements = [...common]
    .sort((a, b) => a - b)
    .map((q) => {
      const [a, b] = [named(api.filter((x) => x.queryIndex === q)), named(app.filter((x) => x.queryIndex === q))]
      const union = new Set([...a, ...b])
      const both = [...a].filter((x) => b.has(x)).length
      return {
        queryIndex: q,
        query: api.find((x) => x.queryIndex === q)!.query,
        disagreement: union.size ? Math.round((1 - both / union.size) * 1000) / 1000 : 0,
        onlyApi: [...a].filter((x) => !b.has(x)).sort(),
        onlyApp: [...b].filter((x) => !a.has(x)).sort(),
      }
    })
    .filter((d) => d.disagreement > 0)
    .sort((x, y) => y.disagreement - x.disagreement || x.queryIndex - y.queryIndex)
    .slice(0, top)
  return {
    label: pair.label,
    apiModelId: pair.api,
    appModelId: pair.app,
    apiModel: modelById(pair.api)?.name ?? String(pair.api),
    appModel: modelById(pair.app)?.name ?? String(pair.app),
    queries: common.size,
    brands: brands.map((b) => ({ brand: b.name, isOwn: b.isOwn, api: side(api, b.name), app: side(app, b.name) })),
    domains: { shared, apiOnly: dApi.size - shared, appOnly: dApp.size - shared, n, jaccard: n ? Math.round((shared / n) * 1000) / 1000 : null },
    disagreements,
  }
}

/** Both pairs, each only when the analysis asked both of its models. */
export function compareApiAndApp(answers: EngineAnswer[], brands: { name: string; isOwn: boolean }[], modelIds: readonly number[]): PairComparison[] {
  return COMPARED_PAIRS.filter((p) => modelIds.includes(p.api) && modelIds.includes(p.app)).map((p) => comparePair(answers, brands, p))
}

// ------------------------------------------------------------------------------------------------ API schema

const rate = z.object({ x: z.number(), n: z.number(), ci: z.object({ low: z.number(), high: z.number() }).nullable() })
const sideSchema = z.object({ mentionRate: rate, averageRank: z.number().nullable(), ranked: z.number() })

/** GET /api/v1/analyses/{id}/engines and the MCP tool get_analysis_engines. */
export const enginesSchema = z.object({
  analysisId: z.number(),
  engines: z.array(z.object({ modelId: z.number(), model: z.string(), shown: rate })),
  presence: z.array(z.object({ modelId: z.number(), model: z.string(), queryIndex: z.number(), query: z.string(), shown: rate })),
  comparisons: z.array(
    z.object({
      label: z.string(), apiModelId: z.number(), appModelId: z.number(), apiModel: z.string(), appModel: z.string(), queries: z.number(),
      brands: z.array(z.object({ brand: z.string(), isOwn: z.boolean(), api: sideSchema, app: sideSchema })),
      domains: z.object({ shared: z.number(), apiOnly: z.number(), appOnly: z.number(), n: z.number(), jaccard: z.number().nullable() }),
      disagreements: z.array(z.object({ queryIndex: z.number(), query: z.string(), disagreement: z.number(), onlyApi: z.array(z.string()), onlyApp: z.array(z.string()) })),
    }),
  ),
})
export type EnginesView = z.infer<typeof enginesSchema>
