/**
 * What each optimiser model call must answer ("Content optimiser analysis result"): one zod schema per
 * call, validated in the activity, and the JSON schema sent to the model as structured output, derived
 * from the same zod schema so the two never drift. Pure.
 */
import { z } from 'zod/v4'
import { ACTIONS_PER_PILLAR, INTENT_TYPES, PILLAR_LABELS, PILLARS } from './constants'

const score = z.number().min(0).max(10)
const strings = z.array(z.string())

/** Per-chunk judgement of the relevance phase (the embedding score is computed, not asked). */
export const relevanceReply = z.object({
  chunks: z.array(z.object({ id: z.string(), geminiScore: score, recommendations: strings })),
  overallAnalysis: z.object({
    summary: z.string(),
    gapCoverage: z.number().min(0).max(100),
    missingOpportunities: strings,
    nextSteps: strings,
  }),
})

export const synthesisReply = z.object({
  overallScore: score,
  readiness: z.string(),
  hasDirectSummaries: z.boolean(),
  hasLogicalHeadings: z.boolean(),
  hasSelfContainedSections: z.boolean(),
  hasStructuredData: z.boolean(),
  clarityScore: score,
  strengths: strings,
  areasForImprovement: strings,
  recommendations: strings,
})

const citationScores = {
  factualAccuracy: score,
  authoritativeReferences: score,
  eeatSignals: score,
  freshness: score,
  originality: score,
  clearExtraction: score,
}

export const citationReply = z.object({
  overallScore: score,
  ...citationScores,
  qualityIndicators: z.object({
    hasAuthorInfo: z.boolean(),
    hasPublicationDates: z.boolean(),
    hasReferences: z.boolean(),
    hasStructuredData: z.boolean(),
    hasUniqueInsights: z.boolean(),
  }),
  strengths: strings,
  weaknesses: strings,
  recommendations: strings,
  gapScore: score,
  chunks: z.array(z.object({ id: z.string(), ...citationScores, missingElements: strings })),
  commonMissingElements: strings,
  globalImprovements: strings,
  recommendedSources: strings,
})

export const breadthDepthReply = z.object({
  overallScore: score,
  coverage: score,
  depth: score,
  structure: score,
  semantic: score,
  balance: score,
  coveredTopics: strings,
  missingTopics: strings,
  strengths: strings,
  contentGaps: strings,
  structuralIssues: strings,
  recommendations: strings,
})

export const multiModalReply = z.object({
  overallScore: score,
  crawlability: score,
  context: score,
  markup: score,
  dataReadability: score,
  relevance: score,
  integration: score,
  variety: score,
  existingMedia: z.object({ images: z.number().int().min(0), videos: z.number().int().min(0), tables: z.number().int().min(0), charts: z.number().int().min(0), other: z.number().int().min(0) }),
  strengths: strings,
  weaknesses: strings,
  proposedEnhancements: z.array(
    z.object({
      type: z.enum(['image', 'video', 'table', 'chart', 'other']),
      content: z.string(),
      metadata: z.object({ altText: z.string(), caption: z.string(), placement: z.string() }),
    }),
  ),
  recommendations: strings,
})

export const personalisationReply = z.object({
  resilienceScore: score,
  multiIntentScore: score,
  intentCoverage: z.array(z.object({ intentType: z.enum(INTENT_TYPES), covered: z.boolean(), notes: z.string() })),
  personaCoverage: z.array(z.object({ persona: z.string(), coverage: z.enum(['Yes', 'Partial', 'No']) })),
  strengths: strings,
  weaknesses: strings,
  recommendations: strings,
  expansionPlan: z.array(z.object({ title: z.string(), intentTypes: strings, targetPersonas: strings, keyPoints: strings, engagementFeatures: strings })),
})

export const crawlabilityReply = z.object({
  overallScore: score,
  aiCrawlerAccess: score,
  renderingAccessibility: score,
  metaTagSignals: score,
  canonicalisation: score,
  internalLinking: score,
  structuredHTML: score,
  botSpecificOptimization: score,
  botAccessPlan: z.object({ botsToAllow: strings, renderingApproach: z.string(), metaCanonicalFixes: strings, structureMarkupImprovements: strings }),
  strengths: strings,
  weaknesses: strings,
  recommendations: strings,
})

const priority = z.enum(['high', 'medium', 'low'])

/** The pillars as the critical actions name them (the screen's labels). */
export const CRITICAL_ACTION_PILLARS = PILLARS.map((p) => PILLAR_LABELS[p]) as [string, ...string[]]

/**
 * criticalActions (pillar, actions, impact), two per pillar for the 7 pillars: one entry for each of the
 * seven pillars, each with exactly two non-empty actions. The counts reach the model as minItems/maxItems in
 * the JSON schema; zod enforces them (and that no pillar is named twice), since models treat counts as guidance.
 */
export const criticalActionsList = z
  .array(
    z.object({
      pillar: z.enum(CRITICAL_ACTION_PILLARS),
      actions: z.array(z.string().refine((a) => a.trim().length > 0, { message: 'An action cannot be empty' })).length(ACTIONS_PER_PILLAR),
      impact: z.string(),
    }),
  )
  .length(PILLARS.length)
  // With the length fixed at seven, no pillar named twice means every pillar is there.
  .refine((list) => new Set(list.map((a) => a.pillar)).size === list.length, { message: `Needs one entry for each pillar: ${CRITICAL_ACTION_PILLARS.join(', ')}` })

export const summaryReply = z.object({
  summarizedRecommendations: z.array(z.object({ category: z.string(), priority, recommendation: z.string(), impact: z.string() })),
  criticalActions: criticalActionsList,
})

export const criticalActionsReply = z.object({ criticalActions: criticalActionsList })

export const optimiseReply = z.object({ optimisedContent: z.string(), improvementSummary: z.string(), appliedOptimisations: strings })

export const OPTIMISER_REPLIES = {
  relevance: relevanceReply,
  synthesis: synthesisReply,
  citation: citationReply,
  breadthDepth: breadthDepthReply,
  multiModal: multiModalReply,
  personalisation: personalisationReply,
  crawlability: crawlabilityReply,
  summary: summaryReply,
  criticalActions: criticalActionsReply,
  optimise: optimiseReply,
} as const
export type OptimiserTask = keyof typeof OPTIMISER_REPLIES
export const OPTIMISER_TASKS = Object.keys(OPTIMISER_REPLIES) as OptimiserTask[]
export type ReplyOf<T extends OptimiserTask> = z.infer<(typeof OPTIMISER_REPLIES)[T]>

/** The JSON schema sent to the model for a task (strict-mode compatible: every property required, no extras). */
export function replyJsonSchema(task: OptimiserTask): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(OPTIMISER_REPLIES[task], { target: 'draft-2020-12' }) as Record<string, unknown>
  return schema
}

/** Validates a model's reply; the first problems as one readable line when it does not fit. */
export function parseReply<T extends OptimiserTask>(task: T, value: unknown): { ok: true; data: ReplyOf<T> } | { ok: false; error: string } {
  const r = OPTIMISER_REPLIES[task].safeParse(value)
  if (r.success) return { ok: true, data: r.data as ReplyOf<T> }
  return { ok: false, error: r.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ') }
}
