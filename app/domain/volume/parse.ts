/**
 * DataForSEO's reply to POST /v3/ai_optimization/ai_keyword_data/keywords_search_volume/live, read as documented
 * (https://docs.dataforseo.com/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live/): an envelope with
 * status_code (20000 = Ok.), cost (USD, the sum of its tasks' costs: counted once, here) and a tasks array, each task
 * with its own status_code and result[] of { location_code, language_code, items[] { keyword, ai_search_volume,
 * ai_monthly_searches[] { year, month, ai_search_volume } } }. Pure.
 */
import { z } from 'zod'
import { keywordKey, type VolumeEstimate } from './index'

const OK = 20000

const monthly = z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), ai_search_volume: z.number().nullable().optional() })
const item = z.object({
  keyword: z.string(),
  ai_search_volume: z.number().nullable().optional(),
  ai_monthly_searches: z.array(monthly).nullable().optional(),
})
const task = z.object({
  id: z.string().optional(),
  status_code: z.number().int(),
  status_message: z.string().optional(),
  cost: z.number().nullable().optional(),
  result: z
    .array(z.object({ location_code: z.number().nullable().optional(), language_code: z.string().nullable().optional(), items: z.array(item).nullable().optional() }))
    .nullable()
    .optional(),
})
export const volumeResponseSchema = z.object({
  version: z.string().optional(),
  status_code: z.number().int(),
  status_message: z.string().optional(),
  cost: z.number().nullable().optional(),
  tasks_count: z.number().int().optional(),
  tasks_error: z.number().int().optional(),
  tasks: z.array(task).nullable().optional(),
})

/** How a failed reply should be handled: 'configuration' (credentials, funds: no retry), 'transient' (retry), 'permanent'. */
export type VolumeErrorKind = 'configuration' | 'transient' | 'permanent'

export class VolumeProviderError extends Error {
  constructor(
    message: string,
    readonly kind: VolumeErrorKind,
    readonly statusCode: number | null,
  ) {
    super(message)
    this.name = 'VolumeProviderError'
  }
}

/**
 * DataForSEO's status codes: 401xx credentials, 402xx payment / account, 40202–40210 rate and concurrency limits
 * (retry later), 500xx internal errors (retry); any other 4xxxx is a request the provider refuses (no retry).
 */
export function errorKindOf(statusCode: number): VolumeErrorKind {
  if (statusCode >= 50000) return 'transient'
  if (statusCode === 40202 || statusCode === 40209 || statusCode === 40210) return 'transient'
  if (Math.floor(statusCode / 100) === 401 || Math.floor(statusCode / 100) === 402 || statusCode === 40104) return 'configuration'
  return 'permanent'
}

/** The same for an HTTP status the SDK throws on (the body may still carry the envelope). */
export function httpErrorKind(status: number): VolumeErrorKind {
  if (status === 401 || status === 402 || status === 403) return 'configuration'
  if (status === 429 || status >= 500) return 'transient'
  return 'permanent'
}

export interface ParsedVolumes {
  /** Keyed by keywordKey: every keyword asked, null volume when the provider returned no item for it. */
  estimates: Map<string, VolumeEstimate>
  costUsd: number
  taskId: string | null
}

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`

function estimateOf(i: z.infer<typeof item>): VolumeEstimate {
  const history = (i.ai_monthly_searches ?? [])
    .filter((m) => typeof m.ai_search_volume === 'number')
    .map((m) => ({ month: ym(m.year, m.month), volume: m.ai_search_volume as number }))
    .sort((a, b) => a.month.localeCompare(b.month))
  const volume = typeof i.ai_search_volume === 'number' ? i.ai_search_volume : null
  return { volume, dataMonth: history.at(-1)?.month ?? null, history }
}

/** The estimates of one task's reply for the keywords asked; throws VolumeProviderError for an error envelope or task. */
export function parseVolumeResponse(body: unknown, keywords: string[]): ParsedVolumes {
  const parsed = volumeResponseSchema.safeParse(body)
  if (!parsed.success) throw new VolumeProviderError(`DataForSEO's reply did not have the documented shape: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`, 'transient', null)
  const r = parsed.data
  if (r.status_code !== OK) throw new VolumeProviderError(`DataForSEO refused the request: ${r.status_code} ${r.status_message ?? ''}`.trim(), errorKindOf(r.status_code), r.status_code)
  const t = r.tasks?.[0]
  if (!t) throw new VolumeProviderError('DataForSEO answered without a task', 'transient', null)
  if (t.status_code !== OK) throw new VolumeProviderError(`DataForSEO's task failed: ${t.status_code} ${t.status_message ?? ''}`.trim(), errorKindOf(t.status_code), t.status_code)
  const found = new Map<string, VolumeEstimate>()
  for (const res of t.result ?? []) for (const i of res.items ?? []) found.set(keywordKey(i.keyword), estimateOf(i))
  const estimates = new Map<string, VolumeEstimate>()
  for (const k of keywords) estimates.set(keywordKey(k), found.get(keywordKey(k)) ?? { volume: null, dataMonth: null, history: [] })
  return { estimates, costUsd: Math.max(0, r.cost ?? 0), taskId: t.id ?? null }
}
