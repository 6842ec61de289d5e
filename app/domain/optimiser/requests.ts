/** zod schemas of the optimiser's request bodies, shared by the routes and the screen. Pure. */
import { z } from 'zod'
import { id, jsonProblem, list, requiredOr, text } from '../validation'
import { DEFAULT_OPTIMISER_LANGUAGE, OPTIMISER_LANGUAGE_CODES, OPTIMISER_LIMITS as L } from './constants'

/** Messages. */
export const OPTIMISER_MESSAGES = {
  queryRequired: { title: 'Query Required', description: 'Please enter a prompt/query to analyze against' },
  contentRequired: { title: 'Content Required', description: 'Please provide content to analyze' },
  urlRequired: { title: 'URL Required', description: 'Please provide a URL to analyze' },
  limitReached: (n: number) => ({ title: 'Analysis Limit Reached', description: `You have reached your analysis limit. ${n} analyses remaining.` }),
  inactive: { title: 'Account Inactive', description: 'Your account is inactive. Please contact admin to reactivate.' },
  noRecommendations: { title: 'No Recommendations Selected', description: 'Please select at least one recommendation to apply' },
  missingData: { title: 'Missing Data', description: 'Original content or prompt is missing. Please run the analysis again.' },
  /** Not in the spec: a run cancelled or terminated in Temporal (an operator's Cancel in the Temporal UI). */
  cancelled: { title: 'Analysis Cancelled', description: 'The content analysis was cancelled in Temporal before it finished.' },
} as const

const runId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'runId must be 8 to 64 letters, digits or dashes')
const language = z.enum(OPTIMISER_LANGUAGE_CODES, { error: 'Unsupported language' })

/** POST .../relevance: prompt + content or url. */
export const relevanceRequest = z
  .object({
    prompt: text('Prompt', L.prompt, { required: OPTIMISER_MESSAGES.queryRequired.description }),
    content: z.string({ error: 'Content must be text' }).max(L.content, `Content must be at most ${L.content} characters`).optional(),
    url: text('URL', L.url).optional(),
    projectId: id('projectId').optional().nullable(),
    language: language.optional().default(DEFAULT_OPTIMISER_LANGUAGE),
    runId: runId.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.url === undefined && !b.content?.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: OPTIMISER_MESSAGES.contentRequired.description })
    if (b.url !== undefined && !b.url) ctx.addIssue({ code: 'custom', path: ['url'], message: OPTIMISER_MESSAGES.urlRequired.description })
  })

/** An analysis result as our screen sends it back: an object, bounded in string length and depth. */
function resultObject(label: string) {
  return z.record(z.string(), z.unknown(), { error: requiredOr(`${label} is required`, `${label} must be an object`) }).superRefine((v, ctx) => {
    // jsonProblem's default fixes its parameter to the literal 2000; a result holds whole pages.
    const problem = (jsonProblem as (v: unknown, maxString: number, maxDepth: number) => string | null)(v, L.content, 8)
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} contains ${problem}` })
  })
}

/** The fields every screen and export of a result reads; anything else in a result sent back is kept as it is. */
export function analysisShapeProblem(v: Record<string, unknown>): string | null {
  const isObj = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x)
  if (typeof v.prompt !== 'string') return 'analysisResult.prompt must be text'
  if (typeof v.fullContent !== 'string') return 'analysisResult.fullContent must be text'
  for (const k of ['chunks', 'criticalActions', 'summarizedRecommendations']) if (!Array.isArray(v[k])) return `analysisResult.${k} must be a list`
  for (const k of ['visualData', 'scores']) if (!isObj(v[k])) return `analysisResult.${k} must be an object`
  if (typeof (v.scores as Record<string, unknown>).overall !== 'number') return 'analysisResult.scores.overall must be a number'
  return null
}

function analysisResult(label: string) {
  return resultObject(label).superRefine((v, ctx) => {
    const problem = analysisShapeProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
}

const recommendationText = text('Recommendation', 1_000, { required: 'A recommendation must not be empty' })

/** POST .../optimise. */
export const optimiseRequest = z.object({
  originalContent: z.string({ error: requiredOr(OPTIMISER_MESSAGES.missingData.description, 'originalContent must be text') }).max(L.content).refine((s) => s.trim().length > 0, OPTIMISER_MESSAGES.missingData.description),
  prompt: text('Prompt', L.prompt, { required: OPTIMISER_MESSAGES.missingData.description }),
  selectedRecommendations: list('selectedRecommendations', recommendationText).min(1, OPTIMISER_MESSAGES.noRecommendations.description),
  language: language.optional().default(DEFAULT_OPTIMISER_LANGUAGE),
  customRequirements: text('Additional requirements', L.customRequirements).optional().default(''),
})

/** POST .../generate-critical-actions. */
export const criticalActionsRequest = z.object({
  prompt: text('Prompt', L.prompt, { required: OPTIMISER_MESSAGES.queryRequired.description }),
  analysisData: z.object({
    relevance: z.number().nullable().optional(),
    synthesis: z.number().nullable().optional(),
    citation: z.number().nullable().optional(),
    breadthDepth: z.number().nullable().optional(),
    multiModal: z.number().nullable().optional(),
    personalisation: z.number().nullable().optional(),
    crawlability: z.number().nullable().optional(),
    recommendations: list('recommendations', z.string().max(1_000)).optional().default([]),
  }),
})

const metadata = z
  .object({
    originalQuery: text('originalQuery', L.prompt).optional().default(''),
    language: text('language', 35).optional().default(DEFAULT_OPTIMISER_LANGUAGE),
    customRequirements: text('customRequirements', L.customRequirements).optional().default(''),
    brandContext: text('brandContext', 500).optional().default(''),
    hasCriticalActions: z.boolean().optional().default(false),
  })
  .passthrough()
  .optional()
  .prefault({})

/** POST .../save-to-project. analysisResult is checked for size and depth, then stored as given by our own screen. */
export const saveRequest = z.object({
  projectId: id('projectId'),
  analysisResult: analysisResult('analysisResult'),
  optimizedContent: z.string().max(L.content).optional().nullable(),
  metadata,
})

/** POST .../export-public and .../export-pdf. */
export const exportRequest = z.object({
  analysisResult: analysisResult('analysisResult'),
  optimisedContent: z.string().max(L.content).optional().nullable(),
  metadata: z
    .object({
      originalQuery: text('originalQuery', L.prompt).optional().default(''),
      exportedAt: text('exportedAt', 40).optional(),
      language: text('language', 35).optional().default(DEFAULT_OPTIMISER_LANGUAGE),
      customRequirements: text('customRequirements', L.customRequirements).optional().default(''),
    })
    .passthrough()
    .optional()
    .prefault({}),
})
