/**
 * Every route of the public REST API /api/v1, as data: method, path, scope, the zod schemas of its
 * input and output, and the words of the reference page. app/lib/api.server.ts serves them (one handler
 * per id), openapi.ts documents them, and the contract test calls each. Pure.
 */
import type { z } from 'zod'
import type { ApiScope } from './keys'
import * as s from './schemas'
import { VISIBILITY_DEFINITIONS } from './results'

export interface ApiRouteDef {
  method: 'get' | 'post'
  /** OpenAPI path template under /api/v1, e.g. /projects/{projectId}. */
  path: string
  scope: ApiScope
  tag: 'Account' | 'Projects' | 'Analyses' | 'Results' | 'Sources' | 'Trends' | 'Runs'
  summary: string
  description: string
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodTypeAny
  status: 200 | 201 | 202
  response: z.ZodTypeAny
}

export const API_ROUTES = {
  getMe: {
    method: 'get', path: '/me', scope: 'read', tag: 'Account', status: 200, response: s.keyInfoSchema,
    summary: 'The key and its user',
    description: 'Who the key acts as (a key has its user\'s roles, quotas, rate limits and cost cap) and the key\'s scopes and expiry.',
  },
  listProjects: {
    method: 'get', path: '/projects', scope: 'read', tag: 'Projects', status: 200, response: s.projectPageSchema, query: s.pageQuery,
    summary: 'List projects',
    description: 'The projects the key\'s user may see: their own, those shared with them and public ones, newest first.',
  },
  getProject: {
    method: 'get', path: '/projects/{projectId}', scope: 'read', tag: 'Projects', status: 200, response: s.projectSchema, params: s.projectParams,
    summary: 'One project', description: 'A project with its brand, competitors, queries and topics. 404 when the user may not see it.',
  },
  listAnalyses: {
    method: 'get', path: '/projects/{projectId}/analyses', scope: 'read', tag: 'Analyses', status: 200, response: s.analysisPageSchema, params: s.projectParams, query: s.pageQuery,
    summary: 'List a project\'s analyses', description: 'Newest first, each with its status and, while running, its live progress.',
  },
  getAnalysis: {
    method: 'get', path: '/analyses/{analysisId}', scope: 'read', tag: 'Analyses', status: 200, response: s.analysisSchema, params: s.analysisParams,
    summary: 'One analysis with status and progress',
    description: 'Status is pending, in_progress, processing, completed, failed or cancelled; progress counts stored answers per model (live from the running workflow).',
  },
  getResults: {
    method: 'get', path: '/analyses/{analysisId}/results', scope: 'read', tag: 'Results', status: 200, response: s.resultsSchema, params: s.analysisParams, query: s.resultsQuery,
    summary: 'The metrics of a results tab',
    description:
      'The numbers of one results screen tab (overview, share-of-model, topics, audiences, brand-rank, ranking-detail, mentions, sentiment, sentiment-detail, api-data) of a completed analysis, per model (model=…) or combined, optionally for one topic or audience. ' +
      '`data` has one shape per tab, told apart by its `tab` field. A topic, audience or (on ranking-detail, sentiment-detail, topics and audiences) brand the analysis does not have is a 400. ' +
      `Visibility here is the screen's: ${VISIBILITY_DEFINITIONS.screen} ` +
      '409 analysis_not_completed while the analysis is not completed.',
  },
  getVisibility: {
    method: 'get', path: '/analyses/{analysisId}/visibility', scope: 'read', tag: 'Results', status: 200, response: s.visibilitySchema, params: s.analysisParams,
    summary: 'Mention share and rank rate per model, with n and 95 % intervals',
    description:
      'For each model and for all models together: n (answered answers), and per brand the mention share (its mentions / all brands\' mentions) and the rank rate (`rankRate`: answers ranking it / answered), each with x, n and a 95 % Wilson interval, and the combined rank. Same definitions as the Trends page. ' +
      `${VISIBILITY_DEFINITIONS.answers} This is not the Visibility % of the results screens and of /results (share of the six models, n = 6).`,
  },
  listAnswers: {
    method: 'get', path: '/analyses/{analysisId}/answers', scope: 'read', tag: 'Results', status: 200, response: s.answerPageSchema, params: s.analysisParams, query: s.answersQuery,
    summary: 'The answers, paged', description: 'Every stored answer with its text, citations, sources, mentions, ranks and sentiment, and how it was collected (collection: vendor API, model, web search on or off, simulator), in storage order.',
  },
  getSources: {
    method: 'get', path: '/analyses/{analysisId}/sources', scope: 'read', tag: 'Sources', status: 200, response: s.sourcesSchema, params: s.analysisParams, query: s.sourcesQuery,
    summary: 'Source insights: cited sites and the gap list',
    description: 'The sites the models cite (Owned, Competitor or Earned, with citations and share), the gap list (sites citing competitors but never the own brand), and the owned citation rate with its interval.',
  },
  getTrends: {
    method: 'get', path: '/projects/{projectId}/trends', scope: 'read', tag: 'Trends', status: 200, response: s.trendsSchema, params: s.projectParams, query: s.trendsQuery,
    summary: 'Trends over the project\'s completed analyses',
    description: 'Per day (the latest completed analysis of each date) and brand: mentions, mention share and rank rate (`rankRate`) with n and 95 % Wilson intervals, combined rank; per-query ranks, topic trend and alerts. 403 in Light Mode.',
  },
  startAnalysis: {
    method: 'post', path: '/projects/{projectId}/analyses', scope: 'run', tag: 'Runs', status: 201, response: s.runStartedSchema, params: s.projectParams,
    summary: 'Start today\'s analysis',
    description: 'The same as Add Analysis in the app: one per project per day (a failed or cancelled one of today is restarted), counts against the analysis quota, rate limit and daily cost cap of the key\'s user.',
  },
  startAddModel: {
    method: 'post', path: '/analyses/{analysisId}/models', scope: 'run', tag: 'Runs', status: 202, response: s.addModelStartedSchema, params: s.analysisParams, body: s.addModelBody,
    summary: 'Start an add-model run', description: 'Asks one more model every query of a finished analysis.',
  },
  cancelAnalysis: {
    method: 'post', path: '/analyses/{analysisId}/cancel', scope: 'run', tag: 'Runs', status: 200, response: s.analysisSchema, params: s.analysisParams,
    summary: 'Cancel an analysis', description: 'Cancels every running workflow of the analysis (answers already stored are kept).',
  },
} as const satisfies Record<string, ApiRouteDef>

export type ApiRouteId = keyof typeof API_ROUTES

/** A malformed escape (`%zz`) stays as it is: the parameter's schema then refuses it. */
function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/** The route a method and a path under /api/v1 name, with its raw path parameters; null when none does. */
export function matchRoute(method: string, path: string): { id: ApiRouteId; params: Record<string, string> } | { id: null; allowed: string[] } {
  const allowed: string[] = []
  const clean = path.replace(/\/+$/, '') || '/'
  for (const [id, def] of Object.entries(API_ROUTES) as [ApiRouteId, ApiRouteDef][]) {
    const names: string[] = []
    const pattern = new RegExp('^' + def.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), '([^/]+)')) + '$')
    const m = pattern.exec(clean)
    if (!m) continue
    if (def.method.toUpperCase() !== method.toUpperCase()) {
      allowed.push(def.method.toUpperCase())
      continue
    }
    return { id, params: Object.fromEntries(names.map((n, i) => [n, safeDecode(m[i + 1])])) }
  }
  return { id: null, allowed }
}
