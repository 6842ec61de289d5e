import { brandList, isoDay } from '../app/domain/analyses'
import { trendPointOf, type TrendAnswer, type TrendModelPoint, type TrendPoint, type TrendQueryModelPoint } from '../app/domain/trends'
import type { AnalysisSnapshot } from './results'
import type { Db } from './client'

/** Builds (or rebuilds) the stored trend point of one analysis from its stored answers: read once, never re-parsed. */
export async function buildTrendPoint(sql: Db, analysisId: number): Promise<TrendPoint | null> {
  const [a] = await sql<{ id: number; project_id: number; date: Date; updated_at: string; model_ids: number[] | null; queries: AnalysisSnapshot['queries']; brands: AnalysisSnapshot['brands'] }[]>`
    select id, project_id, date, updated_at::text as updated_at, model_ids, queries, brands from analyses where id = ${analysisId}`
  if (!a) return null
  // updated_at as text: a JavaScript Date would drop the microseconds and the point would never look fresh.
  const rows = await sql<{ model_id: number; query_index: number; sample: number; ok: boolean; blank: boolean; absent: boolean | null; mentions: Record<string, number>; rankings: Record<string, number> }[]>`
    select model_id, query_index, sample, ok, btrim(response) = '' as blank, (parsed_data->>'absent')::boolean as absent, mentions, rankings
    from api_responses where analysis_id = ${analysisId}`
  // An absent AI Overview is stored ok and empty: it stays ok here, marked absent (a result, not a failure).
  const answers: TrendAnswer[] = rows.map((r) => ({
    modelId: r.model_id, queryIndex: r.query_index, sample: r.sample, ok: r.ok && (!r.blank || r.absent === true), absent: r.absent === true, mentions: r.mentions, rankings: r.rankings,
  }))
  const point = trendPointOf({ analysisId, date: isoDay(a.date), queries: a.queries, brands: brandList(a.brands).map((b) => ({ name: b.name, isOwn: b.isOwn === true })), answers, held: a.model_ids ?? [] })
  // The per-query model counts and each model's per-brand cells go to their own columns: the page's read of every
  // point leaves the first unread and reads the second for one brand.
  const { queryModels, models, ...rest } = point
  const modelBrands: ModelBrandCells = {}
  for (const [id, m] of Object.entries(models ?? {})) for (const [b, c] of Object.entries(m.brands)) (modelBrands[b] ??= {})[id] = c
  const stored = { ...rest, models: Object.fromEntries(Object.entries(models ?? {}).map(([id, m]) => [id, { ...m, brands: {} }])) }
  await sql`
    insert into analysis_trend_points (analysis_id, project_id, date, point, query_models, model_brands, source_updated_at)
    values (${analysisId}, ${a.project_id}, ${isoDay(a.date)}, ${sql.json(stored as any)}, ${sql.json((queryModels ?? {}) as any)}, ${sql.json(modelBrands as any)}, ${a.updated_at}::text::timestamptz)
    on conflict (analysis_id) do update set point = excluded.point, query_models = excluded.query_models, model_brands = excluded.model_brands, date = excluded.date, source_updated_at = excluded.source_updated_at`
  return point
}

type ModelBrandCell = TrendModelPoint['brands'][string]
/** Per brand, per model id: that model's cell of the brand (the stored model_brands column). */
type ModelBrandCells = Record<string, Record<string, ModelBrandCell>>

/**
 * The trend points of every completed analysis of a project. Points are built the first time they are read
 * and rebuilt when the analysis changed since (an added model, rebuilt mentions): its updated_at moved, or when the
 * stored point predates the per-model series (no query_models, no model_brands). The points read carry no queryModels
 * (see queryRanksOf). withoutModelBrands: each model's per-brand cells stay unread (most of a point's bytes);
 * modelBrandCellsOf reads the one brand the page shows.
 */
export async function trendPointsOf(sql: Db, projectId: number, opts: { withoutQueryRanks?: boolean; withoutModelBrands?: boolean } = {}): Promise<TrendPoint[]> {
  const rows = await sql<{ id: number; point: TrendPoint | null; model_brands: ModelBrandCells | null; fresh: boolean }[]>`
    select a.id, ${opts.withoutQueryRanks ? sql`t.point - 'queryRanks'` : sql`t.point`} as point,
      ${opts.withoutModelBrands ? sql`null::jsonb` : sql`t.model_brands`} as model_brands,
      coalesce(t.source_updated_at >= a.updated_at and t.point ? 'queryRanks' and t.query_models is not null and t.model_brands is not null, false) as fresh
    from analyses a left join analysis_trend_points t on t.analysis_id = a.id
    where a.project_id = ${projectId} and a.status = 'completed'
    order by a.date, a.id`
  const out: TrendPoint[] = []
  for (const r of rows) {
    if (r.fresh && r.point) {
      // Stored points keep each model's brands apart (model_brands): put them back unless left unread.
      for (const [id, m] of Object.entries(r.point.models ?? {})) {
        m.brands = {}
        for (const [b, cells] of Object.entries(r.model_brands ?? {})) if (cells[id]) m.brands[b] = cells[id]
      }
      out.push(r.point)
      continue
    }
    const p = await buildTrendPoint(sql, r.id)
    if (!p) continue
    if (opts.withoutModelBrands) p.models = Object.fromEntries(Object.entries(p.models ?? {}).map(([id, m]) => [id, { ...m, brands: {} }]))
    out.push(p)
  }
  return out
}

/** Per analysis of the project, per model id: that model's cell of one brand (models without one left out). */
export async function modelBrandCellsOf(sql: Db, projectId: number, brand: string): Promise<Map<number, Record<string, ModelBrandCell>>> {
  const rows = await sql<{ analysis_id: number; cells: Record<string, ModelBrandCell> | null }[]>`
    select t.analysis_id, t.model_brands->${brand} as cells from analysis_trend_points t where t.project_id = ${projectId}`
  return new Map(rows.map((r) => [r.analysis_id, r.cells ?? {}]))
}

/**
 * Per analysis: the combined ranks of one query (looked up by its text in each day's queries), brand -> rank, and
 * that query's per-model counts. `at`: the query's index per analysis when the caller already holds the points (the
 * lookup in each stored point's queries is then skipped).
 */
export async function queryRanksOf(
  sql: Db,
  projectId: number,
  query: string,
  at?: Map<number, number>,
): Promise<Map<number, { index: number; ranks: Record<string, number>; models: Record<string, TrendQueryModelPoint> }>> {
  if (at) {
    const rows = await sql<{ analysis_id: number; index: string; ranks: Record<string, number> | null; models: Record<string, TrendQueryModelPoint> | null }[]>`
      select t.analysis_id, u.index, t.point->'queryRanks'->u.index as ranks, t.query_models->u.index as models
      from unnest(${[...at.keys()]}::int[], ${[...at.values()].map(String)}::text[]) as u(analysis_id, index)
      join analysis_trend_points t on t.analysis_id = u.analysis_id
      where t.project_id = ${projectId}`
    return new Map(rows.map((r) => [r.analysis_id, { index: Number(r.index), ranks: r.ranks ?? {}, models: r.models ?? {} }]))
  }
  const rows = await sql<{ analysis_id: number; index: string | null; ranks: Record<string, number> | null; models: Record<string, TrendQueryModelPoint> | null }[]>`
    select t.analysis_id, q.index, t.point->'queryRanks'->q.index as ranks, t.query_models->q.index as models
    from analysis_trend_points t
    cross join lateral (select x->>'index' as index from jsonb_array_elements(t.point->'queries') x where x->>'query' = ${query} limit 1) q
    where t.project_id = ${projectId}`
  return new Map(rows.filter((r) => r.index !== null).map((r) => [r.analysis_id, { index: Number(r.index), ranks: r.ranks ?? {}, models: r.models ?? {} }]))
}
