/**
 * The visibility summary of one analysis, per model and for all models together (the REST API's
 * /analyses/{id}/visibility and the MCP tool get_visibility_summary). Pure, and built on the Trends
 * definitions (app/domain/trends: trendPointOf, wilson), so a number here is the same number the Trends
 * page shows for that day:
 * - n (answered): answers that came back ok and not blank, over every query and sample;
 * - mention share: the brand's mention occurrences / all brands' occurrences (x of n), with a 95 % Wilson interval;
 * - rankRate: answers that rank the brand in a list / answered answers (x of n), with a 95 % Wilson interval. It was
 *   called visibility here (still sent, deprecated): the results screens' Visibility % is another figure;
 * - rank: the combined rank (mean of the per-model average ranks; lower is better), null when never ranked.
 */
import { modelById } from '../models'
import { trendPointOf, wilson, type Interval, type TrendAnswer } from '../trends'
import { round1 } from '../metrics/colours'

export interface RateWithInterval {
  /** Percent, 1 decimal. */
  value: number
  x: number
  n: number
  /** 95 % Wilson score interval in percent; null when n is 0. */
  interval: Interval | null
}

export interface VisibilityBrand {
  name: string
  isOwn: boolean
  mentions: number
  mentionShare: RateWithInterval
  /** Answers that rank the brand / answered answers. */
  rankRate: RateWithInterval
  /** @deprecated the same figure as rankRate, under its old name. */
  visibility: RateWithInterval
  rank: number | null
}

export interface VisibilityGroup {
  /** null for all models together. */
  modelId: number | null
  model: string
  answered: number
  brands: VisibilityBrand[]
}

const rate = (x: number, n: number): RateWithInterval => ({ value: n > 0 ? round1((x / n) * 100) : 0, x, n, interval: wilson(x, n) })

export function visibilitySummary(input: {
  analysisId: number
  date: string
  queries: { index: number; query: string; topic?: string | null }[]
  brands: { name: string; isOwn: boolean }[]
  answers: TrendAnswer[]
}): { models: VisibilityGroup[]; combined: VisibilityGroup } {
  const group = (modelId: number | null): VisibilityGroup => {
    const answers = modelId === null ? input.answers : input.answers.filter((a) => a.modelId === modelId)
    // One model's group counts that model, an engine included; all models together are the six.
    const p = trendPointOf({ ...input, answers, ...(modelId === null ? {} : { models: [modelId] }) })
    return {
      modelId,
      model: modelId === null ? 'All models' : (modelById(modelId)?.name ?? String(modelId)),
      answered: p.answered,
      brands: input.brands.map((b) => {
        const s = p.brands[b.name]
        const rankRate = rate(s.rankedAnswers, p.answered)
        return { name: b.name, isOwn: b.isOwn, mentions: s.rawMentions, mentionShare: rate(s.rawMentions, p.rawMentionsTotal), rankRate, visibility: rankRate, rank: s.rank }
      }),
    }
  }
  const modelIds = [...new Set(input.answers.map((a) => a.modelId))].filter((id) => modelById(id)).sort((a, b) => a - b)
  return { models: modelIds.map(group).filter((g) => g.answered > 0), combined: group(null) }
}
