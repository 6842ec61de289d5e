/**
 * Every route of the public REST API /api/v1, as data: method, path, scope, the zod schemas of its
 * input and output, and the words of the reference page. app/lib/api.server.ts serves them (one handler
 * per id), openapi.ts documents them, and the contract test calls each. Pure.
 */
import type { z } from 'zod'
import type { ApiScope } from './keys'
import * as s from './schemas'
import * as p from './project-schemas'
import { VISIBILITY_DEFINITIONS } from './results'
import * as f from '../factcheck/api'
import * as c from './crawler-schemas'
import * as e from './experiment-schemas'
import { enginesSchema } from '../engines'

const VISIBILITY_TOOL =
  'How visible each brand is in one completed analysis (default: the project\'s latest), per AI model and for all models together. ' +
  '"answered" is n, the number of answers that came back (every query x sample). Per brand: mentionShare = the brand\'s mention count / all brands\' mentions ' +
  '(x of n), visibility = answers that rank the brand in a list / answered answers (x of n; answer-level, over the models that ran - not the results screen\'s ' +
  'Visibility %, which is the share of the six models that ranked the brand, see get_query_ranks); each has value (percent, 1 decimal) and interval, ' +
  'the 95 % Wilson score interval in percent (null when n is 0) - a wide interval means few answers, so differences inside it are noise. ' +
  'rank = combined rank, the mean of the per-model average list positions (1 is best; null when never ranked).'
const QUERY_RANKS_TOOL =
  'Where one brand (default the own brand) ranks for each query of a completed analysis (default the project\'s latest): per query, byModel maps model id to that model\'s average list ' +
  'position over the samples (1 is best, null when the model did not rank the brand), combined is the mean over the models that ranked it, and ' +
  'visibility is the percent of the six AI models that ranked it. Model ids: 3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT 5, 9 Grok-4, 10 DeepSeek. ' +
  'rows[].volume is the estimated monthly AI search volume of the query (rounded, e.g. "≈1.2k"; an estimate, never a count), and volume gives its source ' +
  '(provider, month, simulated) and the demand-weighted visibility (visibility weighted by each query\'s volume, beside the unweighted mean, with how many queries have no estimate); ' +
  'volume.status not_configured means no volume source is configured.'
const SOURCES_TOOL =
  'The web sources the AI models cited in a completed analysis (default the project\'s latest): sites (domain; type Owned = the brand\'s own domains, Competitor, Earned = everyone else; ' +
  'citations = times cited; share = percent of all citations; weightedShare = share weighted by citation position) and the gap list (sites that cite ' +
  'competitors but never the own brand), plus ownedRate: answers citing at least one owned site / answers, with a 95 % Wilson interval. set: enhanced (default), basic or all.'
const TRENDS_TOOL =
  'How the project\'s numbers move over its completed daily analyses (the latest one of each date). Per day and brand: mentions, change (percent change on the previous day), ' +
  'share = mention share and visibility = answers ranking the brand / answered, each with x, n and a 95 % Wilson interval (so a change inside the intervals may be noise), ' +
  'and rank (combined rank, lower is better); these count the six API models. models and days[].models: every model the analyses hold (the engines Google AI Overview, AI Mode, Bing Copilot and the ChatGPT app included), ' +
  'per day its mention rate and rank rate of one brand (modelBrand, default the own brand; x of n answers with an answer) and rank, and for engines the presence rate; an absent AI Overview is counted in absent, never as not mentioned. ' +
  'queryRanks: the combined rank of one query per day; queryModels / queryModelTotals: that query per model and day and over the days; alerts: shifts beyond |z| >= 3.29 against the previous 7 runs.'
const EXPERIMENT_TOOL =
  'Content experiments: a change (new page, rewritten copy) recorded with the queries it targets (treated) and similar queries it should not affect (control). ' +
  'The effect is the difference in differences of visibility (the share of AI models that rank the brand for a query on a day), before versus after the change date, treated minus control, ' +
  'in percentage points with a 95 % bootstrap interval; verdict "no detectable effect yet" while the interval holds 0.'
const START_TOOL =
  'Starts today\'s analysis of a project (needs a key with the run scope): every query is asked to each AI model, as Add Analysis does in the app. ' +
  'One analysis per project per day; counts against the user\'s analysis quota, rate limit and daily cost cap. Returns the analysis (status pending) - ' +
  'poll it with get_analysis; results exist once its status is completed.'

const REWRITE_TOOL =
  'The report\'s executive summary is computed from the numbers; optionally a model rewrites its style (start_report_rewrite, then get_report_rewrite until status is not pending). ' +
  'A guard keeps the rewrite only when every figure in it is one of the computed facts (status accepted, paragraphs = the text the report shows); ' +
  'otherwise status is rejected, unknownFigures names the invented figures and the report keeps its computed summary. Needs the project\'s setting ' +
  '"Rewrite the summary\'s style with a model" on (Report branding); simulated = written by the demo simulator.'

export interface ApiRouteDef {
  method: 'get' | 'post'
  /** OpenAPI path template under /api/v1, e.g. /projects/{projectId}. */
  path: string
  scope: ApiScope
  tag: 'Account' | 'Projects' | 'Analyses' | 'Results' | 'Sources' | 'Trends' | 'Experiments' | 'Runs' | 'Schedules' | 'Exports' | 'Agent analytics'
  summary: string
  description: string
  /**
   * The operation's MCP tool (app/lib/mcp.server.ts): its name, and a description for agents when the REST one
   * is not enough. Its arguments are the route's path, query and body fields, with the same schemas and scope.
   */
  tool: { name: string; description?: string }
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodTypeAny
  status: 200 | 201 | 202
  response: z.ZodTypeAny
}

export const API_ROUTES = {
  getMe: {
    tool: { name: 'get_me' },
    method: 'get', path: '/me', scope: 'read', tag: 'Account', status: 200, response: s.keyInfoSchema,
    summary: 'The key and its user',
    description: 'Who the key acts as (a key has its user\'s roles, quotas, rate limits and cost cap) and the key\'s scopes and expiry.',
  },
  listProjects: {
    tool: { name: 'list_projects', description: 'Lists the brand projects this API key may see (its user\'s own, shared with them, public), newest first: id, name, own brand, competitors, queries, and the latest analysis (id, status, createdAt). Use a project id with the other tools. Paged: pass nextCursor as cursor for more.' },
    method: 'get', path: '/projects', scope: 'read', tag: 'Projects', status: 200, response: s.projectPageSchema, query: s.pageQuery,
    summary: 'List projects',
    description: 'The projects the key\'s user may see: their own, those shared with them and public ones, newest first.',
  },
  getProject: {
    tool: { name: 'get_project' },
    method: 'get', path: '/projects/{projectId}', scope: 'read', tag: 'Projects', status: 200, response: s.projectSchema, params: s.projectParams,
    summary: 'One project', description: 'A project with its brand, competitors, queries and topics. 404 when the user may not see it.',
  },
  listAnalyses: {
    tool: { name: 'list_analyses' },
    method: 'get', path: '/projects/{projectId}/analyses', scope: 'read', tag: 'Analyses', status: 200, response: s.analysisPageSchema, params: s.projectParams, query: s.pageQuery,
    summary: 'List a project\'s analyses', description: 'Newest first, each with its status and, while running, its live progress.',
  },
  getAnalysis: {
    tool: { name: 'get_analysis' },
    method: 'get', path: '/analyses/{analysisId}', scope: 'read', tag: 'Analyses', status: 200, response: s.analysisDetailSchema, params: s.analysisParams,
    summary: 'One analysis with status, progress, model results and source search',
    description:
      'Status is pending, in_progress, processing, completed, failed or cancelled; progress counts stored answers per model (live from the running workflow). ' +
      'modelResults, searchInsightsStatus, searchInsights, enhancedSearchInsights and dualSearchInsights are the spec\'s Analysis fields; the three insight fields are ' +
      'summaries (counts per model) with a link (href) to the full insights, because those can run to megabytes.',
  },
  getResults: {
    tool: { name: 'get_results' },
    method: 'get', path: '/analyses/{analysisId}/results', scope: 'read', tag: 'Results', status: 200, response: s.resultsSchema, params: s.analysisParams, query: s.resultsQuery,
    summary: 'The metrics of a results tab',
    description:
      'The numbers of one results screen tab (overview, share-of-model, topics, audiences, brand-rank, ranking-detail, mentions, sentiment, sentiment-detail, api-data) of a completed analysis, per model (model=…) or combined, optionally for one topic or audience. ' +
      '`data` has one shape per tab, told apart by its `tab` field. A topic, audience or (on ranking-detail, sentiment-detail, topics and audiences) brand the analysis does not have is a 400. ' +
      `Visibility here is the screen's: ${VISIBILITY_DEFINITIONS.screen} ` +
      '409 analysis_not_completed while the analysis is not completed.',
  },
  getEngines: {
    tool: { name: 'get_analysis_engines' },
    method: 'get', path: '/analyses/{analysisId}/engines', scope: 'read', tag: 'Results', status: 200, response: enginesSchema, params: s.analysisParams,
    summary: 'Google AI Overview / AI Mode, Bing Copilot and the ChatGPT app: presence, and API versus app',
    description:
      'The engines people see (model ids 11 Google AI Overview, 12 Google AI Mode, 13 Bing Copilot, 14 ChatGPT app), read from a SERP provider. ' +
      '`engines` and `presence` (per query): how often each engine showed an AI answer at all, `shown` = x of n answers with a 95 % Wilson interval; an absent AI Overview is a result, in no mention or visibility rate. ' +
      '`comparisons`: ChatGPT 5 API (8) against the ChatGPT app (14) and Gemini API (6) against Google AI Mode (12), over the queries both answered: per brand the mention rate (answers naming it / answered, with interval) and average list position in each, ' +
      'the overlap of cited domains (jaccard = shared / n, n = domains cited by either), and the queries where the two named the most different brands (disagreement = 1 - shared brands / brands named by either). Empty lists when the analysis asked no engine.',
  },
  getVisibility: {
    tool: { name: 'get_analysis_visibility' },
    method: 'get', path: '/analyses/{analysisId}/visibility', scope: 'read', tag: 'Results', status: 200, response: s.visibilitySchema, params: s.analysisParams,
    summary: 'Mention share and rank rate per model, with n and 95 % intervals',
    description:
      'For each model and for all models together: n (answered answers), and per brand the mention share (its mentions / all brands\' mentions) and the rank rate (`rankRate`: answers ranking it / answered), each with x, n and a 95 % Wilson interval, and the combined rank. Same definitions as the Trends page. ' +
      `${VISIBILITY_DEFINITIONS.answers} This is not the Visibility % of the results screens and of /results (share of the six models, n = 6).`,
  },
  listAnswers: {
    tool: { name: 'list_answers' },
    method: 'get', path: '/analyses/{analysisId}/answers', scope: 'read', tag: 'Results', status: 200, response: s.answerPageSchema, params: s.analysisParams, query: s.answersQuery,
    summary: 'The answers, paged', description: 'Every stored answer with its text, citations, sources, mentions, ranks and sentiment, and how it was collected (collection: vendor API, model, web search on or off, simulator), in storage order.',
  },
  getSources: {
    tool: { name: 'get_analysis_sources' },
    method: 'get', path: '/analyses/{analysisId}/sources', scope: 'read', tag: 'Sources', status: 200, response: s.sourcesSchema, params: s.analysisParams, query: s.sourcesQuery,
    summary: 'Source insights: cited sites and the gap list',
    description: 'The sites the models cite (Owned, Competitor or Earned, with citations and share), the gap list (sites citing competitors but never the own brand), and the owned citation rate with its interval.',
  },
  getTrends: {
    tool: { name: 'get_trends', description: TRENDS_TOOL },
    method: 'get', path: '/projects/{projectId}/trends', scope: 'read', tag: 'Trends', status: 200, response: s.trendsSchema, params: s.projectParams, query: s.trendsQuery,
    summary: 'Trends over the project\'s completed analyses',
    description: 'Per day (the latest completed analysis of each date) and brand: mentions, mention share and rank rate (`rankRate`) with n and 95 % Wilson intervals, combined rank; per model (`models`, `days[].models` for `modelBrand`, the engines included): mention rate, rank rate, rank and presence, an absent AI Overview in `absent` and in no n; per-query ranks and per-model rates, topic trend and alerts. 403 in Light Mode.',
  },
  listExperiments: {
    tool: { name: 'list_experiments' },
    method: 'get', path: '/projects/{projectId}/experiments', scope: 'read', tag: 'Experiments', status: 200, response: e.experimentListSchema, params: s.projectParams,
    summary: 'The content changes recorded on the project',
    description: 'Each recorded change (Trends → Experiments): what changed, its URLs, the date, the treated and the control queries, newest change first.',
  },
  createExperiment: {
    tool: { name: 'record_experiment', description: EXPERIMENT_TOOL },
    method: 'post', path: '/projects/{projectId}/experiments', scope: 'run', tag: 'Experiments', status: 201, response: e.experimentCreatedSchema, params: s.projectParams, body: e.experimentBody,
    summary: 'Record a content change',
    description: 'Records what changed, when and which queries it targets (treated) against queries it should not move (control). The answer says whether there are at least 7 daily runs before the change to compare with.',
  },
  getExperiment: {
    tool: { name: 'get_experiment', description: EXPERIMENT_TOOL },
    method: 'get', path: '/projects/{projectId}/experiments/{experimentId}', scope: 'read', tag: 'Experiments', status: 200, response: e.experimentResultsSchema, params: e.experimentParams,
    summary: 'Did the change move visibility?',
    description: 'The difference in differences of visibility, mention rate, average rank and the citation rate of the changed URLs, treated versus control and before versus after, with a 95 % bootstrap interval, n, a verdict, per model, per day and a power hint.',
  },
  startAnalysis: {
    tool: { name: 'start_analysis', description: START_TOOL },
    method: 'post', path: '/projects/{projectId}/analyses', scope: 'run', tag: 'Runs', status: 201, response: s.runStartedSchema, params: s.projectParams, body: s.startAnalysisBody,
    summary: 'Start today\'s analysis',
    description: 'The same as Add Analysis in the app: one per project per day (a failed or cancelled one of today is restarted), counts against the analysis quota, rate limit and daily cost cap of the key\'s user. An admin may run a project again the same day by confirming with `again: true` (the 409 says so).',
  },
  startAddModel: {
    tool: { name: 'add_model' },
    method: 'post', path: '/analyses/{analysisId}/models', scope: 'run', tag: 'Runs', status: 202, response: s.addModelStartedSchema, params: s.analysisParams, body: s.addModelBody,
    summary: 'Start an add-model run', description: 'Asks one more model every query of a finished analysis.',
  },
  cancelAnalysis: {
    tool: { name: 'cancel_analysis' },
    method: 'post', path: '/analyses/{analysisId}/cancel', scope: 'run', tag: 'Runs', status: 200, response: s.analysisSchema, params: s.analysisParams,
    summary: 'Cancel an analysis', description: 'Cancels every running workflow of the analysis (answers already stored are kept).',
  },
  getProjectVisibility: {
    tool: { name: 'get_visibility_summary', description: VISIBILITY_TOOL },
    method: 'get', path: '/projects/{projectId}/visibility', scope: 'read', tag: 'Results', status: 200, response: s.visibilitySchema, params: s.projectParams, query: p.latestQuery,
    summary: 'Visibility summary of the project\'s latest completed analysis',
    description: 'As GET /analyses/{analysisId}/visibility, for the analysis given as analysisId or, by default, the project\'s latest completed one (409 when it has none).',
  },
  getQueryRanks: {
    tool: { name: 'get_query_ranks', description: QUERY_RANKS_TOOL },
    method: 'get', path: '/projects/{projectId}/query-ranks', scope: 'read', tag: 'Results', status: 200, response: p.queryRanksSchema, params: s.projectParams, query: p.queryRanksQuery,
    summary: 'Where one brand ranks for each query',
    description: 'The ranking-detail tab of the analysis given as analysisId or, by default, the project\'s latest completed one, for one brand (default the own brand) and model (default combined).',
  },
  getProjectSources: {
    tool: { name: 'get_sources', description: SOURCES_TOOL },
    method: 'get', path: '/projects/{projectId}/sources', scope: 'read', tag: 'Sources', status: 200, response: s.sourcesSchema, params: s.projectParams, query: p.projectSourcesQuery,
    summary: 'Source insights of the project\'s latest completed analysis',
    description: 'As GET /analyses/{analysisId}/sources, for the analysis given as analysisId or, by default, the project\'s latest completed one.',
  },
  getSchedule: {
    tool: { name: 'get_schedule' },
    method: 'get', path: '/projects/{projectId}/schedule', scope: 'read', tag: 'Schedules', status: 200, response: p.scheduleSchema, params: s.projectParams,
    summary: 'The project\'s daily analysis schedule',
    description: 'The Temporal Schedule that runs the project\'s analysis every day: whether it exists or is paused, its hour and time zone, the next run, and what its recent runs did.',
  },
  changeSchedule: {
    tool: { name: 'change_schedule' },
    method: 'post', path: '/projects/{projectId}/schedule', scope: 'run', tag: 'Schedules', status: 200, response: p.scheduleSchema, params: s.projectParams, body: p.scheduleChangeBody,
    summary: 'Enable, pause, resume, delete or trigger the daily schedule',
    description: 'The same as the Trends page\'s schedule controls, for the project\'s owner: enable at an hour (0-23) of an IANA time zone, pause, resume, delete, or trigger a run now. 403 in Light Mode.',
  },
  exportReport: {
    tool: { name: 'export_report' },
    method: 'get', path: '/analyses/{analysisId}/report', scope: 'read', tag: 'Exports', status: 200, response: p.exportFileSchema, params: s.analysisParams, query: p.reportQuery,
    summary: 'The report of a completed analysis as a file',
    description: 'The Export menu\'s report (cover, overview, share of model, brand rank, query ranks, mentions, sentiment, answers) as xlsx (default) or pdf, base64-encoded in JSON, optionally for one model, topic or audience. Every text cell follows the OWASP formula-injection rule.',
  },
  startReportRewrite: {
    tool: { name: 'start_report_rewrite', description: `${REWRITE_TOOL} Starting one: the project's owner only; counts against the rate limit and daily cost cap.` },
    method: 'post', path: '/analyses/{analysisId}/report-rewrite', scope: 'run', tag: 'Exports', status: 202, response: p.reportRewriteStartedSchema, params: s.analysisParams,
    summary: 'A model rewrites the style of the report\'s summary',
    description:
      'The same as "Rewrite the summary\'s style with a model" in the app\'s Download report menu: the project\'s owner only, with the setting on (Report branding); ' +
      'counts against the rate limit and daily cost cap. A rewrite of the same summary already running is answered as it is. Follow it with GET.',
  },
  getReportRewrite: {
    tool: { name: 'get_report_rewrite', description: REWRITE_TOOL },
    method: 'get', path: '/analyses/{analysisId}/report-rewrite', scope: 'read', tag: 'Exports', status: 200, response: p.reportRewriteSchema, params: s.analysisParams,
    summary: 'Where the model rewrite of the report\'s summary stands',
    description: 'Whether the setting is on, and the latest rewrite of the analysis\'s computed summary: pending, accepted (with its paragraphs), rejected (with the figures it invented) or failed.',
  },
  getBrandFacts: {
    tool: { name: 'get_brand_facts' },
    method: 'get', path: '/projects/{projectId}/facts', scope: 'read', tag: 'Projects', status: 200, response: f.factsApiSchema, params: s.projectParams,
    summary: 'The project\'s brand facts',
    description: 'The short statements about the brand (with an optional source URL) that every analysis\'s answers are fact-checked against (Setup → Brand facts).',
  },
  getAccuracy: {
    tool: { name: 'get_accuracy', description: f.ACCURACY_TOOL },
    method: 'get', path: '/analyses/{analysisId}/accuracy', scope: 'read', tag: 'Results', status: 200, response: f.accuracyApiSchema, params: s.analysisParams, query: f.accuracyApiQuery,
    summary: 'What the AI models get wrong about the brand (fact-check)',
    description: 'The Accuracy tab: claims about the brand that contradict its facts, grouped by fact and model, with the answers, the sentence quoted, the sources those answers cited, first and last seen, and which claims are new. Optionally for one model.',
  },
  startFactcheck: {
    tool: { name: 'start_factcheck' },
    method: 'post', path: '/analyses/{analysisId}/accuracy', scope: 'run', tag: 'Runs', status: 202, response: f.factcheckStartSchema, params: s.analysisParams,
    summary: 'Fact-check a completed analysis again',
    description: 'Checks the analysis\'s answers that name the brand against the current brand facts (answers already checked are skipped). The owner only; counts against the rate limit and daily cost cap; 409 while a check of it runs.',
  },
  uploadLogs: {
    tool: { name: 'upload_logs' },
    method: 'post', path: '/projects/{projectId}/logs', scope: 'run', tag: 'Agent analytics', status: 202, response: c.logUploadResult, params: s.projectParams, body: c.logUploadBody,
    summary: 'Upload server access logs',
    description: 'Server access logs for agent analytics (up to 20 MB here; larger files in the app): nginx/Apache combined or common (with or without virtual host), CloudFront standard logs, JSON lines (Cloudflare Logpush, Fastly, Vercel) or CSV with a confirmed column mapping (csv). The format is detected from the first lines unless given. Counted by a workflow; follow it with list_log_uploads.',
  },
  listLogUploads: {
    tool: { name: 'list_log_uploads' },
    method: 'get', path: '/projects/{projectId}/logs', scope: 'read', tag: 'Agent analytics', status: 200, response: c.logUploadsSchema, params: s.projectParams,
    summary: 'The project\'s log uploads',
    description: 'The latest 20 uploads and pushed batches, newest first: format, lines read, lines that could not be read (count and three examples with the reason) and, while counting, live progress (bytes, lines, bytes per second).',
  },
  getCrawlers: {
    tool: { name: 'get_ai_crawlers', description: c.OVERVIEW_TOOL },
    method: 'get', path: '/projects/{projectId}/crawlers', scope: 'read', tag: 'Agent analytics', status: 200, response: c.crawlerOverviewSchema, params: s.projectParams, query: c.crawlerQuery,
    summary: 'AI crawler hits, status alerts and AI referrals',
    description: 'What the AI Crawlers tab shows: hits per day per class, per agent (verified and unverified), top crawled paths, status-code alerts and AI-assistant referrals.',
  },
  getCrawlerPages: {
    tool: { name: 'get_ai_crawler_pages', description: c.PAGES_TOOL },
    method: 'get', path: '/projects/{projectId}/crawlers/pages', scope: 'read', tag: 'Agent analytics', status: 200, response: c.crawlerPagesSchema, params: s.projectParams, query: c.crawlerQuery,
    summary: 'Own pages: crawled by, cited by, referrals',
    description: 'Each own page with the AI agents that crawled it, the models citing it in the latest completed analysis and AI referral visits, and the three lists of the tab.',
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
