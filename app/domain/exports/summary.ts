/**
 * The export's 'AI Insights' (Export aiSummary): a few plain sentences a manager can act on,
 * written by a model when a share link is created, from the figures the results screens show (never from the
 * raw answers, so the summary cannot quote what the screens do not). Pure: the prompt, its facts, and the
 * check of the model's reply; activities/exports.ts makes the call, the simulator answers it in demo mode.
 */
import { z } from 'zod'

export interface SummaryBrand {
  name: string
  isOwn: boolean
  /** % of all brands' mentions. */
  share: number
  /** Combined average rank, lower is better; null when never ranked. */
  rank: number | null
  positive: number
  negative: number
}

export interface SummaryFacts {
  brand: string
  market: string
  analysisDate: string
  models: string[]
  answers: number
  /** Own brand first, then by share; at most 8. */
  brands: SummaryBrand[]
  /** Own brand's position among ranked brands (1 = best). */
  ownRankPosition: number | null
  /** Brands the answers name that the project does not track, most-named first; at most 3. */
  discovered: { name: string; answers: number }[]
}

export const SUMMARY_MARKER = 'TASK: EXPORT AI INSIGHTS'
export const SUMMARY_SCHEMA_NAME = 'export_ai_insights'
export const SUMMARY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary'],
  properties: { summary: { type: 'string', description: 'Three to five plain sentences, no markdown.' } },
} as const

export const summaryReply = z.object({
  summary: z
    .string()
    .trim()
    .min(40, 'summary too short')
    .max(2000, 'summary too long')
    // Control characters (other than line breaks) are dropped: the summary is shown as text.
    .transform((s) => [...s].filter((c) => c === '\n' || c === '\t' || (c >= ' ' && c !== '\u007f')).join('')),
})

export const SUMMARY_SYSTEM =
  'You are a brand analyst. You write for a marketing manager who reads no tables. Use only the figures given; do not invent numbers, sources or brands.'

/** The prompt: the task, then the facts as JSON after the marker line (the simulator reads them back). */
export function summaryPrompt(f: SummaryFacts): string {
  return [
    'Write 3 to 5 plain sentences (no markdown, no lists) about how AI assistants present the brand below:',
    'its share of mentions and rank against the competitors, the tone, the main gap, and one concrete next step.',
    'Percentages are shares of all tracked brands\u2019 mentions; ranks are average list positions (1 is best).',
    SUMMARY_MARKER,
    JSON.stringify(f),
  ].join('\n')
}

/** The facts back from a prompt (the simulator's side), or null when the text is not this task. */
export function parseSummaryPrompt(text: string): SummaryFacts | null {
  const at = text.indexOf(SUMMARY_MARKER)
  if (at < 0) return null
  try {
    const value = JSON.parse(text.slice(at + SUMMARY_MARKER.length).trim().split('\n')[0])
    return value && typeof value.brand === 'string' && Array.isArray(value.brands) ? (value as SummaryFacts) : null
  } catch {
    return null
  }
}
