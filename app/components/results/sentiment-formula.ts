/**
 * How a brand's overall sentiment score is worked out, with its own numbers, by the
 * rule the metrics module implements (app/domain/metrics/sentiment.ts, aggregate.ts): each
 * sentence naming the brand scores +1 per positive and -1 per negative word; the overall score is
 * the sum of those sentence scores over the number of sentences, kept within -1..+1, 2 decimals.
 * So it is the average tone of a sentence, not the share of positive sentences: 52 % positive
 * sentences with two positive words each score higher than their 52 %.
 */
import type { SentimentRow } from '~/domain/results/types'

const signed = (n: number, digits = 2) => (n > 0 ? `+${n.toFixed(digits)}` : n.toFixed(digits))
const signedInt = (n: number) => (n > 0 ? `+${n}` : String(n))

type Row = Pick<SentimentRow, 'name' | 'score' | 'mentions' | 'totalScore'>

export function sentimentFormula(row: Row): string {
  if (row.mentions === 0) return `No sentence names ${row.name}, so there is no score.`
  const sentences = `${row.mentions} sentence${row.mentions === 1 ? '' : 's'} naming ${row.name}`
  if (row.totalScore === undefined) return `${signed(row.score)} = average sentence score over ${sentences}.`
  const raw = row.totalScore / row.mentions
  const base = `${signed(row.score)} = sum of sentence scores ${signedInt(row.totalScore)} ÷ ${sentences}`
  if (Math.abs(raw) > 1) return `${base} = ${signed(raw)}, kept within -1 and +1.`
  return `${base}.`
}
