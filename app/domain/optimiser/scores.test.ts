import { describe, expect, it } from 'vitest'
import {
  cosine,
  crawlabilityScore,
  embeddingColour,
  embeddingScore,
  estimatedSecondsRemaining,
  isHighRelevance,
  isLowRelevance,
  overallScore,
  personalisationScore,
  pillarHighlights,
  relevancePercent,
  relevanceVisual,
  score10Colour,
  scoreBand,
  toHundred,
} from './scores'
import { progressOf } from './progress'
import type { PhaseStatus } from './types'

describe('score bands', () => {
  it('80+ excellent, 60-79 good, 40-59 fair, 0-39 needs work', () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(scoreBand)).toEqual(['excellent', 'excellent', 'good', 'good', 'fair', 'fair', 'needs work', 'needs work'])
  })
  it('0-10 colours: 8+ dark green, 6+ green, 4+ yellow, else orange', () => {
    expect([10, 8, 7.9, 6, 5.9, 4, 3.9, 0].map(score10Colour)).toEqual(['dark-green', 'dark-green', 'green', 'green', 'yellow', 'yellow', 'orange', 'orange'])
  })
  it('embedding bar: 0.7 green, 0.4 yellow, else red', () => {
    expect([0.9, 0.7, 0.69, 0.4, 0.39, 0].map(embeddingColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red'])
  })
})

describe('formulas', () => {
  it('pillar scores ×10, rounded', () => {
    expect(toHundred(7.46)).toBe(75) // 74.6 → 75
    expect(toHundred(12)).toBe(100) // clamped to 10
  })

  it('overall = rounded mean of the 7 pillars on 0-100', () => {
    // 7.5 + 6 + 4.2 + 8 + 3 + 5.5 + 9 = 43.2; 43.2 / 7 = 6.1714…; ×10 = 61.71 → 62
    const pillars = { relevance: 7.5, synthesis: 6, citation: 4.2, breadthDepth: 8, multiModal: 3, personalisation: 5.5, crawlability: 9 }
    expect(overallScore(pillars)).toBe(62)
    expect(scoreBand(62)).toBe('good')
    // A failed pillar is left out: 43.2 − 9 = 34.2; 34.2 / 6 = 5.7; ×10 = 57
    expect(overallScore({ ...pillars, crawlability: null })).toBe(57)
    expect(overallScore({})).toBe(0)
  })

  it('personalisation = mean of resilience and multi-intent', () => {
    expect(personalisationScore(7, 4)).toBe(5.5)
    expect(personalisationScore(8, 5)).toBe(6.5)
    expect(personalisationScore(10, 10)).toBe(10)
  })

  it('relevance percent = embedding × 100 to 1 decimal; high above 70 %, low below 40 %', () => {
    expect(relevancePercent(0.7234)).toBe(72.3)
    expect(relevancePercent(0.0456)).toBe(4.6)
    expect(isHighRelevance(0.705)).toBe(true) // 70.5 > 70
    expect(isHighRelevance(0.7)).toBe(false) // 70 is not above 70
    expect(isLowRelevance(0.399)).toBe(true) // 39.9 < 40
    expect(isLowRelevance(0.4)).toBe(false)
  })

  it('estimated time remaining = (100 − progress) / 5 seconds', () => {
    expect(estimatedSecondsRemaining(0)).toBe(20)
    expect(estimatedSecondsRemaining(55)).toBe(9)
    expect(estimatedSecondsRemaining(100)).toBe(0)
  })

  it('cosine similarity and the mean over providers', () => {
    expect(cosine([1, 0], [1, 0])).toBe(1)
    expect(cosine([1, 0], [0, 1])).toBe(0)
    expect(cosine([1, 1], [1, 0])).toBeCloseTo(0.7071, 4) // 1 / √2
    expect(cosine([], [1])).toBe(0)
    expect(embeddingScore([0.8, 0.6])).toBe(0.7)
    expect(embeddingScore([0.7071, 0.5])).toBe(0.604) // 1.2071 / 2 = 0.60355 → 0.604
    expect(embeddingScore([])).toBe(0)
  })

  it('relevance pillar: mean over chunks of (embedding × 10 + model score) / 2; high and low counts', () => {
    // (8 + 9) / 2 = 8.5; (5 + 6) / 2 = 5.5; (2 + 2) / 2 = 2; (8.5 + 5.5 + 2) / 3 = 5.33 → 5.3
    const v = relevanceVisual([
      { embeddingScore: 0.8, geminiScore: 9 },
      { embeddingScore: 0.5, geminiScore: 6 },
      { embeddingScore: 0.2, geminiScore: 2 },
    ])
    expect(v).toEqual({ averageScore: 5.3, highRelevanceCount: 1, lowRelevanceCount: 1 })
  })

  it('crawlability: model judgement and measured facts weigh the same', () => {
    // facts: 2 pass of 3 applicable → 10 × 2 / 3 = 6.667; (6 + 6.667) / 2 = 6.33 → 6.3
    expect(crawlabilityScore(6, [{ status: 'pass' }, { status: 'pass' }, { status: 'fail' }, { status: 'n/a' }])).toBe(6.3)
    expect(crawlabilityScore(7.25, [{ status: 'n/a' }])).toBe(7.3)
  })

  it('strongest pillar and needs attention (ties: earlier pillar)', () => {
    const h = pillarHighlights({ relevance: 5, synthesis: 8, citation: 8, breadthDepth: 2, multiModal: 2, personalisation: null, crawlability: 6 })
    expect(h).toEqual({ strongest: 'synthesis', weakest: 'breadthDepth', quickWin: 'breadthDepth' })
  })
})

describe('progress of the nine phases', () => {
  it('is whole phases done out of nine, with the first open phase as the current one', () => {
    const s: PhaseStatus[] = ['completed', 'completed', 'running', 'running', 'pending', 'pending', 'pending', 'pending', 'pending']
    const p = progressOf(s)
    // 2 / 9 = 22.2 % → 22; (100 − 22) / 5 = 15.6 s
    expect(p.progressPercent).toBe(22)
    expect(p.estimatedTimeRemaining).toBe(15.6)
    expect(p.currentPhase).toBe(2)
    expect(p.phase).toBe('Evaluating synthesis quality')
    expect(p.status).toBe('running')
  })
  it('counts a failed pillar as finished and reaches 100 only when all nine are', () => {
    const s: PhaseStatus[] = ['completed', 'completed', 'completed', 'error', 'completed', 'completed', 'completed', 'completed', 'running']
    expect(progressOf(s).progressPercent).toBe(88) // 8 / 9 = 88.9 → 88
    expect(progressOf(s).phase).toBe('Summarizing recommendations')
    expect(progressOf(s.map(() => 'completed')).progressPercent).toBe(100)
    expect(progressOf(s.map(() => 'completed')).status).toBe('completed')
  })
})
