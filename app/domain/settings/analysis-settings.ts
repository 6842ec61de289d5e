/**
 * The Analysis Settings page (phase 8): which analysis is shown, the state of each of the six
 * individual-model run cards, and the texts of its confirmations. Pure.
 */
import { CARD_MODEL_IDS, modelById } from '../models'

export const SETTINGS_MESSAGES = {
  deleteInsightsConfirm: 'Are you sure you want to delete all search insights data? This cannot be undone.',
  cancelSearchConfirm: 'Cancel the running search analysis? Insights already collected are kept.',
  deleteAnalysisConfirm: 'Delete this analysis and all its AI responses? This cannot be undone.',
  noAnalysis: 'No analysis selected',
  noAnalysisDetail: 'Please ensure an analysis is selected before running individual models.',
} as const

/** Per-model run cards poll once per second while running. */
export const RUN_CARD_POLL_MS = 1000

interface AnalysisLike {
  id: number
  status: string
  createdAt: string
}

/** The analysis shown: the one asked for if it exists, else the latest completed (by createdAt), else the latest. */
export function chooseAnalysis<A extends AnalysisLike>(analyses: A[], wanted: number | null): A | null {
  if (wanted !== null) {
    const found = analyses.find((a) => a.id === wanted)
    if (found) return found
  }
  const newest = [...analyses].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
  return newest.find((a) => a.status === 'completed') ?? newest[0] ?? null
}

export type CardState = 'running' | 'complete' | 'available'

export interface RunCard {
  modelId: number
  name: string
  costLabel: string
  addPath: string
  state: CardState
  answered: number
  expected: number
}

/** The six cards (ids 3, 5, 6, 8, 9, 10): running if a run holds the model, complete if it has answers, else available. */
export function runCards(answered: Record<number, number>, runningModelIds: number[], expected: number): RunCard[] {
  return CARD_MODEL_IDS.map((id) => {
    const m = modelById(id)!
    const n = answered[id] ?? 0
    const state: CardState = runningModelIds.includes(id) ? 'running' : n > 0 ? 'complete' : 'available'
    return { modelId: id, name: m.name, costLabel: m.costLabel, addPath: `/api/analyses/add-${m.addKey}`, state, answered: n, expected }
  })
}

/** A card's bar while running: completed/total of the model's live progress, 0..100. */
export function cardPercent(completed: number, total: number): number {
  if (total <= 0) return 0
  return Math.max(0, Math.min(100, Math.round((completed / total) * 100)))
}

/** Search Insights Management shows when basic or enhanced insights exist (or a search is running, so it can be cancelled). */
export function showInsightsManagement(insights: { basic: number; enhanced: number; searchStatus: string | null }): boolean {
  return insights.basic > 0 || insights.enhanced > 0 || insights.searchStatus === 'pending' || insights.searchStatus === 'in_progress'
}

export const canCancelSearch = (status: string | null) => status === 'pending' || status === 'in_progress'
