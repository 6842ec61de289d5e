/**
 * AI search volume refresh: asks DataForSEO's AI Keyword Data API, through its official SDK
 * (`dataforseo-client`'s AiOptimizationApi takes a base URL and a fetch, so demo mode and tests reach the simulator
 * with the same code), for the project's queries that have no estimate in its market this month, and stores them.
 *
 * At most monthly: the cache key is (market, keyword, refresh month), so a second refresh within the month asks
 * nothing. Budgeted: a paid call is refused once the project owner's daily cost cap is spent, and its cost — the
 * reply envelope's `cost`, once (it already sums the tasks') — is stored with the estimates in one transaction, in
 * model_usage (so the cap counts it) and volume_fetches. A retried activity finds its estimates stored and asks nothing.
 */
import { ApplicationFailure } from '@temporalio/activity'
import { AiOptimizationApi, AiOptimizationAiKeywordDataKeywordsSearchVolumeLiveRequestInfo } from 'dataforseo-client'
import type postgres from 'postgres'
import { keywordKey, refreshMonth, volumeMarket, type VolumeMarket } from '../app/domain/volume'
import { httpErrorKind, parseVolumeResponse, VolumeProviderError, type ParsedVolumes, type VolumeErrorKind } from '../app/domain/volume/parse'
import { volumeProviderConfig, volumeRefreshAuto, type VolumeProviderConfig } from '../app/domain/volume/provider'
import { dailyCostCapFromEnv, modelSpendOf, overCostCap } from '../db/model-spend'

/** The API's limit of keywords per task. */
const KEYWORDS_PER_TASK = 1000
const TIMEOUT_MS = 60_000

export interface VolumeRefreshInput {
  projectId: number
  /** Started by a daily run rather than asked for: skipped when VOLUME_REFRESH_AUTO=false. */
  auto?: boolean
}

export interface VolumeRefreshResult {
  status: 'not_configured' | 'over_budget' | 'refreshed' | 'no_project' | 'skipped'
  month: string
  /** Keywords asked of the provider in this refresh (0 when the cache held them all). */
  fetched: number
  /** Keywords already estimated this month. */
  cached: number
  costUsd: number
}

/** One call of the live endpoint through the SDK; the reply read with the documented shape. */
export async function fetchVolumes(config: VolumeProviderConfig, market: VolumeMarket, keywords: string[], fetchImpl: typeof fetch = fetch): Promise<ParsedVolumes> {
  const token = Buffer.from(`${config.login}:${config.password}`).toString('base64')
  const http = {
    fetch: (url: RequestInfo, init?: RequestInit) =>
      fetchImpl(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: `Basic ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) }),
  }
  const api = new AiOptimizationApi(config.baseUrl, http)
  const task = new AiOptimizationAiKeywordDataKeywordsSearchVolumeLiveRequestInfo({ keywords, location_code: market.locationCode, language_code: market.languageCode })
  let reply: unknown
  try {
    reply = await api.aiKeywordDataKeywordsSearchVolumeLive([task])
  } catch (err) {
    throw providerErrorOf(err)
  }
  // The SDK's classes serialise back to the wire shape; read that, not the classes.
  return parseVolumeResponse(JSON.parse(JSON.stringify(reply ?? null)), keywords)
}

/** The SDK throws ApiException for a non-200 reply, whose body is still the API's envelope (status_code, status_message). */
function providerErrorOf(err: unknown): VolumeProviderError {
  const e = err as { status?: unknown; response?: unknown; message?: unknown; name?: unknown }
  if (typeof e?.status === 'number' && typeof e.response === 'string') {
    let detail = ''
    try {
      const body = JSON.parse(e.response) as { status_code?: number; status_message?: string }
      if (body.status_code) detail = `: ${body.status_code} ${body.status_message ?? ''}`.trimEnd()
    } catch {
      // not JSON: the HTTP status says enough
    }
    return new VolumeProviderError(`DataForSEO answered HTTP ${e.status}${detail}`, httpErrorKind(e.status), null)
  }
  const timeout = e?.name === 'TimeoutError' || e?.name === 'AbortError'
  return new VolumeProviderError(timeout ? 'DataForSEO did not answer in time' : `DataForSEO could not be reached: ${String(e?.message ?? err)}`, 'transient', null)
}

function failure(err: VolumeProviderError): ApplicationFailure {
  const kind: VolumeErrorKind = err.kind
  return kind === 'transient' ? ApplicationFailure.retryable(err.message, kind) : ApplicationFailure.nonRetryable(err.message, kind)
}

export function createVolumeActivities({
  sql,
  config = volumeProviderConfig(),
  now = () => new Date(),
  dailyCostCapUsd = dailyCostCapFromEnv(),
}: {
  sql: postgres.Sql<any>
  config?: VolumeProviderConfig
  now?: () => Date
  dailyCostCapUsd?: number
}) {
  return {
    async refreshVolumes({ projectId, auto }: VolumeRefreshInput): Promise<VolumeRefreshResult> {
      const month = refreshMonth(now())
      const none = { month, fetched: 0, cached: 0, costUsd: 0 }
      if (auto && !volumeRefreshAuto()) return { status: 'skipped', ...none }
      if (!config.configured) return { status: 'not_configured', ...none }
      const [project] = await sql<{ user_id: number; is_admin: boolean; market_region: string; language: string }[]>`
        select p.user_id, u.is_admin, p.market_region, p.language from projects p join users u on u.id = p.user_id where p.id = ${projectId}`
      if (!project) return { status: 'no_project', ...none }
      const market = volumeMarket(project.market_region, project.language)
      const queries = await sql<{ query: string }[]>`select query from project_queries where project_id = ${projectId} order by position`
      const keys = [...new Set(queries.map((q) => keywordKey(q.query)).filter(Boolean))]
      const stored = await sql<{ keyword: string }[]>`
        select keyword from volume_estimates
        where location_code = ${market.locationCode} and language_code = ${market.languageCode} and month = ${month} and keyword = any(${keys}::text[])`
      const have = new Set(stored.map((r) => r.keyword))
      const missing = keys.filter((k) => !have.has(k))
      if (missing.length === 0) return { status: 'refreshed', ...none, cached: have.size }
      if (!config.simulated && overCostCap(await modelSpendOf(sql, { id: project.user_id, isAdmin: project.is_admin }, dailyCostCapUsd))) {
        return { status: 'over_budget', ...none, cached: have.size }
      }
      let costUsd = 0
      for (let i = 0; i < missing.length; i += KEYWORDS_PER_TASK) {
        const chunk = missing.slice(i, i + KEYWORDS_PER_TASK)
        let parsed: ParsedVolumes
        try {
          parsed = await fetchVolumes(config, market, chunk)
        } catch (err) {
          throw err instanceof VolumeProviderError ? failure(err) : err
        }
        costUsd += parsed.costUsd
        const rows = [...parsed.estimates].map(([keyword, e]) => ({
          location_code: market.locationCode, language_code: market.languageCode, keyword, month, provider: 'dataforseo', simulated: config.simulated,
          volume: e.volume === null ? null : Math.round(e.volume), data_month: e.dataMonth, history: sql.json(e.history as any),
        }))
        await sql.begin(async (tx) => {
          await tx`insert into volume_estimates ${tx(rows)} on conflict do nothing`
          await tx`insert into volume_fetches (project_id, user_id, month, provider, simulated, keywords, cost_usd, task_id)
            values (${projectId}, ${project.user_id}, ${month}, 'dataforseo', ${config.simulated}, ${chunk.length}, ${parsed.costUsd}, ${parsed.taskId})`
          await tx`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${project.user_id}, 'volume', 'dataforseo', ${parsed.costUsd}, ${config.simulated})`
        })
      }
      return { status: 'refreshed', month, fetched: missing.length, cached: have.size, costUsd: Math.round(costUsd * 1e6) / 1e6 }
    },
  }
}
