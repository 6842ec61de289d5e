/**
 * Evidence behind the results screens: the answers a figure was computed from, with the brand's
 * mentions and ranked item marked (GET /api/analyses/{id}/evidence), how the shown analysis was made (samples,
 * metric definitions version, version changes) and the explicit rebuild to the current definitions
 * (POST /api/analyses/{id}/evidence-rebuild). Access: reading needs read access to the project (owner, shared,
 * public, admin); the rebuild changes stored results and needs write access (the owner).
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, conflict, notFound } from './http.server'
import { getProject } from './projects.server'
import { ANSWERED } from './results-data.server'
import { computeResults, reparseAnswers, storeResults, type AnalysisSnapshot } from '../../db/results'
import { brandList, isActiveStatus, type AnalysisStatus } from '../domain/analyses'
import { errorMessage } from '../domain/validation'
export type { EvidenceAnswer, EvidenceView } from '../domain/evidence'
import {
  brandMarks, collectionLine, describeCell, EVIDENCE_PAGE_SIZE, evidenceQuerySchema, isHit, segmentsOf,
  type Collection, type EvidenceCell, type EvidenceView,
} from '../domain/evidence'
import { ALL_MODEL_IDS, modelById } from '../domain/models'
import { METRICS_CHANGES, METRICS_VERSION, metricsVersionOf } from '../domain/metrics/version'
import type { AnalysisEvidence } from '../domain/results/types'
import type { Db } from '../../db/client'

interface AnalysisHead {
  id: number
  project_id: number
  status: AnalysisStatus
  queries: AnalysisSnapshot['queries']
  brands: AnalysisSnapshot['brands']
  language: string
  metrics_version: number | null
}

/**
 * The analysis (without its stored results) once access is checked: the user's access to its project, or for a
 * signed-out visitor of a public share link (/export/{exportId}) that link, unexpired and of this analysis; 404 otherwise.
 */
async function analysisFor(user: User | { exportId: string }, id: number, need: 'read' | 'write'): Promise<AnalysisHead> {
  const [row] = await db()<AnalysisHead[]>`
    select a.id, a.project_id, a.status, a.queries, a.brands, p.language, a.metrics_version
    from analyses a join projects p on p.id = a.project_id where a.id = ${id}`
  if (!row) notFound('Analysis not found')
  if ('exportId' in user) {
    const ok =
      need === 'read' &&
      /^[A-Za-z0-9_-]{16,128}$/.test(user.exportId) &&
      (await db()`select 1 from exports where id = ${user.exportId} and analysis_id = ${id} and expires_at > now()`).length > 0
    if (!ok) notFound('Analysis not found')
    return row
  }
  await getProject(user, row.project_id, need).catch((err) => {
    if (err instanceof Response && err.status === 404) notFound('Analysis not found')
    throw err
  })
  return row
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : 0)

/** GET /api/analyses/{id}/evidence?metric=&brand=&model=&query=&topic=&audience=&page= (a share link's visitor adds &export=). */
export async function loadEvidence(user: User | { exportId: string }, analysisId: number, url: URL): Promise<EvidenceView> {
  const raw = Object.fromEntries(url.searchParams)
  const parsed = evidenceQuerySchema.safeParse(raw)
  if (!parsed.success) badRequest(errorMessage(parsed.error, undefined, raw))
  const q = parsed.data
  const a = await analysisFor(user, analysisId, 'read')
  const brands = brandList(a.brands)
  if (!brands.some((b) => b.name === q.brand)) badRequest(`${q.brand} is not a brand of this analysis`)
  const queries = a.queries.filter(
    (x) => (q.query === null || x.index === q.query) && (!q.topic || x.topic === q.topic) && (!q.audience || x.audience === q.audience),
  )
  if (q.query !== null && queries.length === 0) badRequest('No such query in this analysis')
  const cell: EvidenceCell = { metric: q.metric, brand: q.brand, modelId: q.model, queryIndex: q.query, topic: q.topic, audience: q.audience }
  // All models: the six and the engines, as the combined results count them.
  const modelIds = q.model ? [q.model] : [...ALL_MODEL_IDS]
  const sql = db()
  const rows = await sql<{ id: string; model_id: number; query_index: number; query: string; sample: number; answered: boolean; mentions: Record<string, unknown>; rank: string | null; collection: Collection | null; created_at: Date }[]>`
    select id, model_id, query_index, query, sample, ${ANSWERED(sql)} as answered, mentions, rankings ->> ${q.brand}::text as rank, collection, created_at
    from api_responses
    where analysis_id = ${analysisId} and model_id = any(${modelIds}::int[]) and query_index = any(${queries.map((x) => x.index)}::int[])
    order by query_index, model_id, sample`
  const answered = rows.filter((r) => r.answered)
  const items = answered.map((r) => {
    const mentions = num(r.mentions?.[q.brand])
    const rank = r.rank !== null && num(r.rank) > 0 ? num(r.rank) : null
    return { r, mentions, rank, hit: isHit(q.metric, mentions, rank) }
  })
  // Answers that bear on the figure first; the rest are in its denominator.
  const ordered = [...items.filter((i) => i.hit), ...items.filter((i) => !i.hit)]
  const pages = Math.max(1, Math.ceil(ordered.length / EVIDENCE_PAGE_SIZE))
  const page = Math.min(q.page, pages)
  const shown = ordered.slice((page - 1) * EVIDENCE_PAGE_SIZE, page * EVIDENCE_PAGE_SIZE)
  const texts = shown.length
    ? new Map((await sql<{ id: string; response: string }[]>`select id, response from api_responses where id = any(${shown.map((s) => s.r.id)}::bigint[])`).map((t) => [t.id, t.response]))
    : new Map<string, string>()

  const brandMentions = items.reduce((s, i) => s + i.mentions, 0)
  const allMentions = answered.reduce((s, r) => s + brands.reduce((t, b) => t + num(r.mentions?.[b.name]), 0), 0)
  const ranks = items.filter((i) => i.rank !== null).map((i) => i.rank!)
  const hits = items.filter((i) => i.hit).length
  const queryText = q.query !== null ? queries[0]?.query : null
  return {
    analysisId,
    cell,
    description: describeCell(cell, queryText),
    summary: summaryOf(q.metric, q.brand, { answers: answered.length, hits, brandMentions, allMentions, ranks }),
    totals: { answers: answered.length, hits, failed: rows.length - answered.length, brandMentions, allMentions, ranks },
    page,
    pages,
    pageSize: EVIDENCE_PAGE_SIZE,
    metricsVersion: metricsVersionOf(a.metrics_version),
    answers: shown.map(({ r, mentions, rank, hit }) => {
      const text = texts.get(r.id) ?? ''
      const modelName = modelById(r.model_id)?.name ?? String(r.model_id)
      const marks = brandMarks(text, brands, q.brand, q.metric === 'rank' || q.metric === 'visibility' ? rank : null)
      return {
        id: Number(r.id),
        modelId: r.model_id,
        modelName,
        queryIndex: r.query_index,
        query: r.query,
        sample: r.sample,
        mentions,
        rank,
        hit,
        collection: r.collection,
        collectedLine: collectionLine(r.collection, { modelName, sample: r.sample, date: r.created_at.toISOString() }),
        collectedAt: r.created_at.toISOString(),
        segments: segmentsOf(text, marks),
      }
    }),
  }
}

function summaryOf(metric: EvidenceCell['metric'], brand: string, t: { answers: number; hits: number; brandMentions: number; allMentions: number; ranks: number[] }): string {
  const answers = `${t.answers} answer${t.answers === 1 ? '' : 's'}`
  switch (metric) {
    case 'share':
      return `${brand} is named ${t.brandMentions} times out of ${t.allMentions} mentions of all tracked brands in these ${answers}${t.allMentions ? ` (${Math.round((t.brandMentions / t.allMentions) * 1000) / 10}%)` : ''}.`
    case 'rank':
    case 'visibility':
      return t.ranks.length
        ? `${brand} is ranked in ${t.hits} of ${answers}: ${t.ranks.join(', ')}. Averages are taken per query and model over samples first (see the metric help).`
        : `${brand} is not ranked in any of these ${answers}.`
    case 'positive':
    case 'sentiment':
      return `${brand} is named in ${t.hits} of ${answers}; the tone is read from the sentences that name it (highlighted).`
    default:
      return `${brand} is named ${t.brandMentions} times in ${t.hits} of ${answers}.`
  }
}

/** How the shown analysis was made: samples per query, the metric definitions version, version changes. */
export async function analysisEvidence(sql: Db, analysisId: number): Promise<AnalysisEvidence | null> {
  const [row] = await sql<{ samples_per_query: number; metrics_version: number | null }[]>`
    select samples_per_query, metrics_version from analyses where id = ${analysisId}`
  if (!row) return null
  const rebuilds = await sql<{ from_version: number; to_version: number; created_at: Date; reason: 'rebuild' | 'recompute' }[]>`
    select from_version, to_version, created_at, reason from analysis_metric_rebuilds where analysis_id = ${analysisId} order by created_at desc, id desc limit 20`
  return {
    samplesPerQuery: row.samples_per_query,
    metricsVersion: metricsVersionOf(row.metrics_version),
    currentMetricsVersion: METRICS_VERSION,
    rebuilds: rebuilds.map((r) => ({ fromVersion: r.from_version, toVersion: r.to_version, at: r.created_at.toISOString(), reason: r.reason })),
  }
}

/**
 * POST /api/analyses/{id}/evidence-rebuild: re-parses every stored answer with the analysis's own brand snapshot
 * and recomputes its results with the current metric definitions, recording who asked, when, and the versions.
 * Only for a finished analysis (a running one is still being written).
 */
export async function rebuildEvidence(user: User, analysisId: number) {
  const a = await analysisFor(user, analysisId, 'write')
  if (isActiveStatus(a.status)) conflict('The analysis is still running: rebuild it once it has finished.')
  const from = metricsVersionOf(a.metrics_version)
  const answers = await db().begin(async (tx) => {
    // The row lock orders two rebuilds (or a rebuild and a fix of mentions) of one analysis.
    const [locked] = await tx<{ queries: AnalysisSnapshot['queries']; brands: AnalysisSnapshot['brands'] }[]>`
      select queries, brands from analyses where id = ${analysisId} for update`
    const n = await reparseAnswers(tx, analysisId, brandList(locked.brands), a.language)
    const results = await computeResults(tx, analysisId, { queries: locked.queries, brands: locked.brands, language: a.language })
    await storeResults(tx, analysisId, results, { userId: user.id, answers: n })
    return n
  })
  return { success: true, analysisId, fromVersion: from, toVersion: METRICS_VERSION, answers, changes: METRICS_CHANGES.filter((c) => c.version > from) }
}
