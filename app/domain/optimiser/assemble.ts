/** Puts the phases' outputs together into the analysis result, with the scores. Pure (also runs in the workflow). */
import type { Chunk } from './chunks'
import { PILLAR_LABELS, type Pillar } from './constants'
import type { ReplyOf } from './schemas'
import { crawlabilityScore, overallScore, personalisationScore, relevanceVisual } from './scores'
import type { AnalysedChunk, ExtractedPage, OptimiserAnalysis, PillarScores } from './types'

export interface RelevanceOutput {
  embeddingProviders: string[]
  embeddingErrors: string[]
  chunks: { id: string; embeddingScore: number; geminiScore: number; recommendations: string[] }[]
  overallAnalysis: ReplyOf<'relevance'>['overallAnalysis']
}

export interface PhaseOutputs {
  prompt: string
  page: ExtractedPage
  chunks: Chunk[]
  relevance: RelevanceOutput | null
  synthesis: ReplyOf<'synthesis'> | null
  citation: ReplyOf<'citation'> | null
  breadthDepth: ReplyOf<'breadthDepth'> | null
  multiModal: ReplyOf<'multiModal'> | null
  personalisation: ReplyOf<'personalisation'> | null
  crawlability: ReplyOf<'crawlability'> | null
  summary: ReplyOf<'summary'> | null
  errors: Partial<Record<Pillar | 'summary', string>>
  analysedAt: string
}

export function pillarScoresOf(o: Omit<PhaseOutputs, 'summary' | 'analysedAt'>): PillarScores {
  const visual = o.relevance ? relevanceVisual(o.relevance.chunks) : null
  return {
    relevance: visual ? visual.averageScore : null,
    synthesis: o.synthesis?.overallScore ?? null,
    citation: o.citation?.overallScore ?? null,
    breadthDepth: o.breadthDepth?.overallScore ?? null,
    multiModal: o.multiModal?.overallScore ?? null,
    personalisation: o.personalisation ? personalisationScore(o.personalisation.resilienceScore, o.personalisation.multiIntentScore) : null,
    crawlability: o.crawlability ? crawlabilityScore(o.crawlability.overallScore, o.page.facts) : null,
  }
}

/** Every recommendation the pillars made, tagged with its pillar ('[Citation] …'), for the summary call. */
export function allRecommendations(o: Omit<PhaseOutputs, 'summary' | 'analysedAt'>): string[] {
  const tag = (pillar: Pillar, items: string[] | undefined) => (items ?? []).map((t) => `[${PILLAR_LABELS[pillar]}] ${t}`)
  return [
    ...tag('relevance', o.relevance?.overallAnalysis.nextSteps),
    ...tag('synthesis', o.synthesis?.recommendations),
    ...tag('citation', o.citation?.recommendations),
    ...tag('breadthDepth', o.breadthDepth?.recommendations),
    ...tag('multiModal', o.multiModal?.recommendations),
    ...tag('personalisation', o.personalisation?.recommendations),
    ...tag('crawlability', o.crawlability?.recommendations),
  ]
}

export function assembleAnalysis(o: PhaseOutputs): OptimiserAnalysis {
  const scores = pillarScoresOf(o)
  const rel = new Map((o.relevance?.chunks ?? []).map((c) => [c.id, c]))
  const cit = new Map((o.citation?.chunks ?? []).map((c) => [c.id, c]))
  const chunks: AnalysedChunk[] = o.chunks.map((c) => ({
    id: c.id,
    type: c.type,
    title: c.title,
    text: c.text,
    wordCount: c.wordCount,
    embeddingScore: rel.get(c.id)?.embeddingScore ?? 0,
    geminiScore: rel.get(c.id)?.geminiScore ?? 0,
    recommendations: rel.get(c.id)?.recommendations ?? [],
    citationAnalysis: cit.get(c.id) ?? null,
  }))
  const { chunks: _citationChunks, ...overallCitation } = o.citation ?? { chunks: [] }
  return {
    prompt: o.prompt,
    fullContent: o.page.fullContent,
    source: { kind: o.page.source, url: o.page.url, title: o.page.title },
    chunks,
    visualData: relevanceVisual(chunks),
    overallAnalysis: o.relevance?.overallAnalysis ?? null,
    summarizedRecommendations: o.summary?.summarizedRecommendations ?? [],
    synthesisAnalysis: o.synthesis,
    citationGaps: (o.citation?.chunks ?? []).filter((c) => c.missingElements.length).map((c) => ({ chunkId: c.id, missingElements: c.missingElements })),
    overallCitationAnalysis: o.citation ? (overallCitation as OptimiserAnalysis['overallCitationAnalysis']) : null,
    breadthDepthAnalysis: o.breadthDepth,
    multiModalAnalysis: o.multiModal,
    personalisationIntentAnalysis: o.personalisation ? { ...o.personalisation, overallScore: scores.personalisation ?? 0 } : null,
    indexCrawlabilityAnalysis: o.crawlability ? { ...o.crawlability, modelScore: o.crawlability.overallScore, overallScore: scores.crawlability ?? 0, measuredFacts: o.page.facts } : null,
    criticalActions: o.summary?.criticalActions ?? [],
    scores: { ...scores, overall: overallScore(scores) },
    pillarErrors: o.errors,
    counts: o.page.counts,
    embeddingProviders: o.relevance?.embeddingProviders ?? [],
    analysedAt: o.analysedAt,
  }
}

