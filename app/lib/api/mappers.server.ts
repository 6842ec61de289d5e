/** The app's internal shapes mapped to the API's stable ones (app/domain/api/schemas.ts). */
import type { z } from 'zod'
import type { Project } from '../../domain/projects'
import { serializeApiResponse, type AnalysisRow, type ApiResponseRow } from '../analyses.server'
import { analysisBase } from '../analyses-list.server'
import { modelById } from '../../domain/models'
import type * as S from '../../domain/api/schemas'
import type { Collection } from '../../domain/evidence'
import type { ProgressDetails } from '../../../workflows/shared'

export type Out<T extends z.ZodTypeAny> = z.input<T>

export function toApiProject(p: Project): Out<typeof S.projectSchema> {
  return {
    id: p.id,
    name: p.name,
    brand: p.brandDomain,
    marketDescription: p.marketDescription,
    marketType: p.marketType,
    marketRegion: p.marketRegion,
    language: p.language,
    competitors: p.competitors,
    queries: p.queriesWithAudience.map((q) => ({ query: q.query, topic: q.topic ?? null, audience: q.audience ?? null })),
    topics: p.topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance })),
    samplesPerQuery: p.samplesPerQuery,
    isLightMode: p.isLightMode,
    isArchived: p.isArchived,
    isPublic: p.isPublic,
    access: p.accessType,
    ownerEmail: p.ownerEmail,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    latestAnalysis: p.latestAnalysis as Out<typeof S.projectSchema>['latestAnalysis'],
  }
}

export function toApiProgress(d: ProgressDetails | null): Out<typeof S.progressSchema> | null {
  if (!d) return null
  return {
    phase: d.phase,
    message: d.message,
    percent: d.progressPercent ?? 0,
    queriesCompleted: d.queriesCompleted,
    queriesTotal: d.queriesTotal,
    currentModel: d.currentModel ?? null,
    estimatedSecondsRemaining: d.estimatedTimeRemaining ?? null,
    isComplete: Boolean(d.isComplete),
    models: Object.entries(d.modelStatus ?? {}).map(([id, m]) => ({
      modelId: Number(id),
      name: m.name,
      status: m.status,
      completed: m.completed,
      failed: m.failed,
      total: m.total,
      error: m.error ?? null,
    })),
  }
}

export function toApiAnalysis(a: AnalysisRow, progress: ProgressDetails | null): Out<typeof S.analysisSchema> {
  return {
    ...analysisBase(a),
    samplesPerQuery: a.samples_per_query,
    queryCount: a.queries.length,
    models: a.model_ids.map((id) => ({ id, name: modelById(id)?.name ?? String(id) })),
    error: a.error,
    progress: toApiProgress(progress),
  }
}

/** An answer row as /answers reads it: the stored row and how it was collected (null before that was recorded). */
export type AnswerRow = ApiResponseRow & { collection: Collection | null }

export function toApiAnswer(analysisId: number, r: AnswerRow): Out<typeof S.answerSchema> {
  const s = serializeApiResponse(r)
  const numbers = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, Number(v) || 0]))
  return {
    id: s.id,
    analysisId,
    modelId: s.model_id,
    model: s.model_name,
    queryIndex: s.query_index,
    query: s.query,
    sample: s.sample,
    ok: s.ok,
    error: s.error,
    incomplete: r.parsed_data?.incomplete === true,
    text: s.response,
    createdAt: s.timestamp,
    mentions: numbers(s.mentions),
    rankings: numbers(s.rankings),
    sentiment: s.sentiment ?? {},
    citations: Array.isArray(s.citations) ? s.citations : [],
    sources: Array.isArray(s.sources) ? s.sources : [],
    searchQueries: Array.isArray(s.searchMetadata.webSearchQueries) ? s.searchMetadata.webSearchQueries.map(String) : [],
    collection: r.collection
      ? { provider: r.collection.provider, api: r.collection.api, model: r.collection.model ?? null, webSearch: r.collection.webSearch === true, endpoint: r.collection.endpoint ?? null, demo: r.collection.demo === true }
      : null,
  }
}
