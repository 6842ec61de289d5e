/** The optimiser's score arithmetic and colour bands. Pure. */
import { PILLARS, type Pillar } from './constants'

export type ScoreBand = 'excellent' | 'good' | 'fair' | 'needs work'

/** Score bands of a 0-100 score: 80+ excellent, 60-79 good, 40-59 fair, 0-39 needs work. */
export function scoreBand(score100: number): ScoreBand {
  if (score100 >= 80) return 'excellent'
  if (score100 >= 60) return 'good'
  if (score100 >= 40) return 'fair'
  return 'needs work'
}

export const BAND_LABELS: Record<ScoreBand, string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', 'needs work': 'Needs Work' }

/** A 0-10 pillar score shown on the 0-100 scale ("0-10 pillar scores x10"), rounded to a whole number. */
export const toHundred = (score10: number) => Math.round(clamp10(score10) * 10)

export function clamp10(n: number): number {
  return Number.isFinite(n) ? Math.min(10, Math.max(0, n)) : 0
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** Personalisation = mean of resilience and multi-intent (0-10, one decimal). */
export function personalisationScore(resilience: number, multiIntent: number): number {
  return round1((clamp10(resilience) + clamp10(multiIntent)) / 2)
}

/**
 * Overall = rounded mean of the 7 pillars, on the 0-100 scale. A pillar whose analysis failed (null)
 * is left out of the mean rather than counted as 0; with none left the overall is 0.
 */
export function overallScore(pillars: Partial<Record<Pillar, number | null>>): number {
  const values = PILLARS.map((p) => pillars[p]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  if (!values.length) return 0
  return Math.round((values.reduce((s, v) => s + clamp10(v), 0) / values.length) * 10)
}

/** Colour of a 0-10 score: 8+ dark green, 6+ green, 4+ yellow, else orange. */
export type Score10Colour = 'dark-green' | 'green' | 'yellow' | 'orange'
export function score10Colour(score10: number): Score10Colour {
  if (score10 >= 8) return 'dark-green'
  if (score10 >= 6) return 'green'
  if (score10 >= 4) return 'yellow'
  return 'orange'
}

/** Embedding bar: 0.7 green, 0.4 yellow, else red. */
export type BarColour = 'green' | 'yellow' | 'red'
export function embeddingColour(embedding: number): BarColour {
  if (embedding >= 0.7) return 'green'
  if (embedding >= 0.4) return 'yellow'
  return 'red'
}

/** Relevance percent = embedding x 100 to 1 decimal. */
export const relevancePercent = (embedding: number) => Math.round(embedding * 1000) / 10

/** A chunk above 70% relevance is high, below 40% low. */
export const isHighRelevance = (embedding: number) => relevancePercent(embedding) > 70
export const isLowRelevance = (embedding: number) => relevancePercent(embedding) < 40

/** Estimated time remaining (100 - progress) / 5 seconds. */
export const estimatedSecondsRemaining = (progressPercent: number) => Math.max(0, (100 - progressPercent) / 5)

/** Cosine similarity of two vectors (0 when either is empty or all zero), clamped to 0..1. */
export function cosine(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length)
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i]
    na += a[i] * a[i]
    nb += b[i] * b[i]
  }
  if (!na || !nb) return 0
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)))
}

/** The embedding score of a chunk: the mean of the providers' cosine similarities that answered, rounded to 3 decimals. */
export function embeddingScore(similarities: number[]): number {
  if (!similarities.length) return 0
  return Math.round((similarities.reduce((s, v) => s + v, 0) / similarities.length) * 1000) / 1000
}

/**
 * Ours (the spec names the parts, not the formula): a chunk's relevance on 0-10 is the mean of its
 * embedding score x 10 and the model's 0-10 score; the relevance pillar is the mean over chunks, 1 decimal.
 */
export function chunkRelevance10(embedding: number, modelScore: number): number {
  return (clamp10(embedding * 10) + clamp10(modelScore)) / 2
}

export interface RelevanceVisual {
  averageScore: number
  highRelevanceCount: number
  lowRelevanceCount: number
}

export function relevanceVisual(chunks: { embeddingScore: number; geminiScore: number }[]): RelevanceVisual {
  if (!chunks.length) return { averageScore: 0, highRelevanceCount: 0, lowRelevanceCount: 0 }
  const avg = chunks.reduce((s, c) => s + chunkRelevance10(c.embeddingScore, c.geminiScore), 0) / chunks.length
  return {
    averageScore: round1(avg),
    highRelevanceCount: chunks.filter((c) => isHighRelevance(c.embeddingScore)).length,
    lowRelevanceCount: chunks.filter((c) => isLowRelevance(c.embeddingScore)).length,
  }
}

/** Crawlability: the model's judgement and the measured facts weigh the same (ours; one decimal). */
export function crawlabilityScore(modelScore: number, facts: { status: 'pass' | 'fail' | 'n/a' }[]): number {
  const applicable = facts.filter((f) => f.status !== 'n/a')
  if (!applicable.length) return round1(clamp10(modelScore))
  const measured = (10 * applicable.filter((f) => f.status === 'pass').length) / applicable.length
  return round1((clamp10(modelScore) + measured) / 2)
}

export interface PillarHighlights {
  strongest: Pillar | null
  weakest: Pillar | null
  /** The weakest pillar with a critical action to take; the quick win. */
  quickWin: Pillar | null
}

/** Strongest pillar and needs attention (ties: the earlier pillar in screen order). */
export function pillarHighlights(pillars: Partial<Record<Pillar, number | null>>): PillarHighlights {
  let strongest: Pillar | null = null
  let weakest: Pillar | null = null
  for (const p of PILLARS) {
    const v = pillars[p]
    if (typeof v !== 'number') continue
    if (strongest === null || v > (pillars[strongest] as number)) strongest = p
    if (weakest === null || v < (pillars[weakest] as number)) weakest = p
  }
  return { strongest, weakest, quickWin: weakest }
}
