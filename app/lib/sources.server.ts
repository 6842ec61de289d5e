/**
 * Source Insights (phase 4), the view: the eight tabs of /?phase=4 for one analysis, the data of the requested
 * tab only. The search itself is sources-search.server.ts; the stored insights are read by sources-data.server.ts.
 *
 * Decisions where the spec is silent:
 * - The default analysis is the latest with insights, else the latest completed.
 * - Tabs read the enhanced insights by default; the insight set selector offers the analysis
 *   answers' (basic) insights or both.
 */
import type { Db } from '../../db/client'
import { db } from './db.server'
import type { User } from './auth.server'
import { idSearchParam, notFound } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import type { AnalysisRow } from './analyses.server'
import { progressView, RUNNING, searchOf } from './sources-search.server'
import { applyFilters, brandsFor, parseQueries, queriesOf, readCompact, readLite, type QueryMeta } from './sources-data.server'
import { exportRows } from './sources-export.server'
import { modelById } from '../domain/models'
import { isoDay } from '../domain/analyses'
import type { SourceType } from '../domain/sources/classify'
import { keywordTerms } from '../domain/sources/keywords'
import { insightFingerprints } from '../../db/sources-parts'
import {
  citationCards, citationShare, gapList, legacyCitations, keywordInsights, ownedCitationRate, siteModelComparison, sitePriorities, sourceAnalytics, topicsAudiences,
  COMPARISON_DEFAULT, SOURCE_TYPES, type InsightLite, type SourceBrands,
} from '../domain/sources/views'
import {
  EXPANSION_MODEL_ID, SOURCE_LIMITS, SOURCE_TAB_IDS, insightKindsLabel, type ApiResponseItem, type InsightSet,
  type SourceTab, type SourceTabData, type SourcesViewData,
} from '../domain/sources/types'

interface AnalysisListRow {
  id: number
  status: string
  date: Date | string
  created_at: Date
  is_light_mode: boolean
}

/** The view for /?phase=4&project=…&analysis=…&tab=… (404 for projects the user may not see). */
export async function loadSourcesView(user: User, url: URL): Promise<SourcesViewData> {
  const sql = db()
  const g = (k: string) => url.searchParams.get(k)?.trim() || null
  const projectId = idSearchParam(url, 'project')
  if (projectId === null) notFound('Project not found')
  const project: Project = await getProject(user, projectId, 'read')
  const runs = await sql<(AnalysisListRow & { basic: number; enhanced_models: number[] })[]>`
    select a.id, a.status, a.date, a.created_at, a.is_light_mode,
      (select count(*)::int from search_insights s where s.analysis_id = a.id and s.kind = 'basic') as basic,
      coalesce((select array_agg(distinct s.model_id) from search_insights s where s.analysis_id = a.id and s.kind = 'enhanced'), '{}') as enhanced_models
    from analyses a where a.project_id = ${project.id} and a.status = 'completed' order by a.created_at desc`
  const requested = idSearchParam(url, 'analysis')
  const shown = runs.find((r) => r.id === requested) ?? runs.find((r) => r.basic > 0 || r.enhanced_models.length > 0) ?? runs[0]
  const tab = (SOURCE_TAB_IDS.includes(g('tab') ?? '') ? g('tab') : 'site-priorities') as SourceTab
  const isOwner = project.accessType === 'owner'
  const base: SourcesViewData = {
    kind: 'view',
    project: { id: project.id, name: project.name, brandName: project.brandDomain, isLightMode: project.isLightMode, isOwner },
    analyses: runs.map((r) => ({ id: r.id, date: isoDay(r.date), createdAt: new Date(r.created_at).toISOString(), kinds: insightKindsLabel(r.basic, r.enhanced_models) })),
    analysisId: shown?.id ?? null,
    analysisStatus: shown?.status ?? null,
    search: null,
    counts: { basic: shown?.basic ?? 0, enhanced: 0 },
    enhancedModels: shown?.enhanced_models ?? [],
    tab,
    filters: { model: null, set: 'enhanced', topic: null, audience: null, queries: [] },
    options: { models: [], topics: [], audiences: [], queries: [] },
    required: true,
    canRun: false,
    data: null,
  }
  if (!shown) return base
  const [analysis] = await sql<Pick<AnalysisRow, 'queries' | 'brands' | 'is_light_mode'>[]>`select queries, brands, is_light_mode from analyses where id = ${shown.id}`
  const search = await searchOf(sql, shown.id)
  base.search = search ? progressView(search.row, search.live, search.note) : null
  const fps = await insightFingerprints(sql, shown.id)
  base.counts.enhanced = fps.enhanced.count
  base.canRun = isOwner && user.isActive && !analysis.is_light_mode && !project.isLightMode && !(search && RUNNING.includes(search.row.status))

  const set: InsightSet = g('set') === 'basic' ? 'basic' : g('set') === 'all' ? 'all' : 'enhanced'
  const queries = queriesOf(analysis)
  const meta = new Map(queries.map((q) => [q.index, q]))
  const modelParam = Number(g('model'))
  const topic = g('topic')
  const audience = g('audience')
  base.filters = {
    model: Number.isInteger(modelParam) && modelById(modelParam) ? modelParam : null,
    set,
    topic,
    audience,
    // A topic or audience filter clears the selected queries (the screen drops them on change).
    queries: parseQueries(g('queries'), queries),
  }
  // Citations shows snippets and titles: it reads the rows; every other tab reads the compact parts.
  const all = tab === 'content-priorities' ? await readLite(sql, shown.id, set) : await readCompact(sql, shown.id, set, fps)
  base.required = all.length === 0
  base.options = {
    models: [...new Set(all.map((i) => i.modelId))].sort((a, b) => a - b),
    topics: [...new Set(queries.map((q) => q.topic).filter((t): t is string => Boolean(t)))].sort(),
    audiences: [...new Set(queries.map((q) => q.audience).filter((t): t is string => Boolean(t)))].sort(),
    queries,
  }
  if (base.required) return base
  const list = applyFilters(all, base.filters, meta)
  base.data = await tabData(sql, tab, list, brandsFor(analysis), meta, url, shown.id, project.language, set)
  return base
}

async function tabData(sql: Db, tab: SourceTab, list: InsightLite[], brands: SourceBrands, meta: Map<number, QueryMeta>, url: URL, analysisId: number, language: string, set: InsightSet): Promise<SourceTabData> {
  const selectedQuery = () => {
    const q = Number(url.searchParams.get('q'))
    const present = [...new Set(list.map((i) => i.queryIndex))].sort((a, b) => a - b)
    return Number.isInteger(q) && present.includes(q) ? q : (present[0] ?? null)
  }
  switch (tab) {
    case 'site-priorities': {
      const view = sitePriorities(list, brands)
      // The screen shows neither titles nor per-model query lists: keep them out of the page's JSON.
      view.sites = view.sites.map((site) => ({ ...site, titles: [], queriesByModel: {} }))
      const share = citationShare(list, brands, 20)
      return {
        tab,
        view,
        citationShare: share.rows,
        citationShareModels: share.models,
        gaps: gapList(list, brands),
        ownedRate: ownedCitationRate(list, brands),
      }
    }
    case 'source-analytics': {
      const types = (url.searchParams.get('types')?.split(',').filter((t): t is SourceType => (SOURCE_TYPES as readonly string[]).includes(t)) ?? []) as SourceType[]
      const chosen = types.length ? types : [...SOURCE_TYPES]
      return { tab, view: sourceAnalytics(list, brands, chosen), types: chosen }
    }
    case 'topics-audiences':
      return { tab, view: topicsAudiences(list, brands, (q) => ({ topic: meta.get(q)?.topic ?? null, audience: meta.get(q)?.audience ?? null })) }
    case 'keyword-insights':
      return { tab, view: keywordInsights(list, EXPANSION_MODEL_ID, (texts) => keywordTerms(texts, language)) }
    case 'content-priorities': {
      const selected = url.searchParams.get('q') === null ? null : selectedQuery()
      const chosen = selected === null ? list : list.filter((i) => i.queryIndex === selected)
      // The legacy view (layout=legacy) numbers each response's citations; the cards view does not need them.
      const layout = url.searchParams.get('layout') === 'legacy' ? 'legacy' : 'cards'
      return { tab, view: citationCards(chosen, brands), selected, layout, legacy: layout === 'legacy' ? legacyCitations(chosen) : null }
    }
    case 'api-response': {
      const selected = selectedQuery()
      const present = [...new Set(list.map((i) => i.queryIndex))].sort((a, b) => a - b)
      const models = [...new Set(list.map((i) => i.modelId))]
      const items = selected === null ? [] : await apiResponseItems(sql, analysisId, selected, models, set)
      return { tab, queries: present.map((index) => ({ index, query: meta.get(index)?.query ?? '' })), selected, items }
    }
    case 'site-model-comparison': {
      const filter = (url.searchParams.get('domain') ?? '').slice(0, 200)
      const limit = Number(url.searchParams.get('top')) || COMPARISON_DEFAULT
      const view = siteModelComparison(list, brands, filter, limit)
      return { tab, view, filter, limit: Math.min(limit, 100) }
    }
    case 'model-export': {
      const rows = await exportRows(sql, analysisId, list, set, SOURCE_LIMITS.exportTable)
      return { tab, rows, total: list.length }
    }
  }
}

async function apiResponseItems(sql: Db, analysisId: number, queryIndex: number, models: number[], set: InsightSet): Promise<ApiResponseItem[]> {
  if (!models.length) return []
  const rows = await sql<{ kind: 'basic' | 'enhanced'; model_id: number; model_name: string; response: string; citations: any[]; sources: any[]; web_search_queries: string[]; details: any; raw: unknown }[]>`
    select kind, model_id, model_name, response, citations, sources, web_search_queries, details, raw from search_insights
    where analysis_id = ${analysisId} and query_index = ${queryIndex} and model_id in ${sql(models)} ${set === 'all' ? sql`` : sql`and kind = ${set}`}
    order by model_id, kind`
  return rows.map((r) => ({
    modelId: r.model_id,
    modelName: r.model_name,
    kind: r.kind,
    timestamp: r.details?.timestamp ?? null,
    response: r.response,
    citations: r.citations,
    sources: r.sources,
    webSearchQueries: r.web_search_queries,
    searchMetadata: r.details?.searchMetadata ?? null,
    groundingMetadata: r.details?.groundingMetadata ?? null,
    usage: r.details?.usage ?? null,
    raw: r.raw,
  }))
}
