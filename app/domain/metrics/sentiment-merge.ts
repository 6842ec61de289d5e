/**
 * Sentiment merging: per-answer sentiment summed into one brand-level figure (per query, model, group or analysis).
 *
 * Decisions where the spec is silent:
 * - Sentiment aggregates sentences over every answered sample (not sample-averaged):
 *   sentence counts, totalScore and mentions are summed; score = totalScore / mentions
 *   clamped to -1..+1; words are ranked by the number of answers using them (max 5);
 *   snippets keep the 5 strongest per polarity with their query, model and sample.
 *   Per-answer sentence counts are rebuilt from the stored percentages and mentions
 *   (exact for up to 50 mention sentences per answer).
 */
import { type SentimentResult, type Snippet, clamp, labelFor, setPercentages, round2, SENTIMENT_WORD_CAP, SNIPPET_KEEP } from './sentiment'
import type { AggregatedSentiment, SourcedSnippet } from './metric-shapes'

export interface SnippetSource {
  queryIndex: number
  query: string
  modelId: number
  sample: number
}

/**
 * Keeps the SNIPPET_KEEP strongest snippets (stable: earlier wins ties), without duplicates. sourced: the snippet is
 * already a sourced one of an accumulator's (see merge), kept as it is rather than copied (nothing changes a snippet).
 */
function offerSnippet(top: SourcedSnippet[], s: Snippet, src: SnippetSource, polarity: 1 | -1, sourced?: SourcedSnippet): void {
  // polarity 1: higher scores first; -1: lower scores first
  const score = s.score * polarity
  if (top.length >= SNIPPET_KEEP && !(score > top[top.length - 1].score * polarity)) return
  for (let k = 0; k < top.length; k++) if (top[k].text === s.text) return
  // insert at its place, shifting the weaker ones down by hand (a splice allocates the array of removed items)
  let i = top.length
  if (i < SNIPPET_KEEP) top.push(top[i - 1])
  else i--
  while (i > 0 && score > top[i - 1].score * polarity) {
    top[i] = top[i - 1]
    i--
  }
  top[i] = sourced ?? { text: s.text, words: s.words, score: s.score, queryIndex: src.queryIndex, query: src.query, modelId: src.modelId, sample: src.sample }
}

function offerSourced(top: SourcedSnippet[], s: SourcedSnippet, polarity: 1 | -1): void {
  offerSnippet(top, s, s, polarity, s) // a sourced snippet carries its own source
}

/** The word counts with one more use of each word (the map made when the first word comes). */
function addUses(counts: Map<string, number> | undefined, words: readonly string[]): Map<string, number> | undefined {
  if (words.length === 0) return counts
  const out = counts ?? new Map<string, number>()
  for (const w of words) out.set(w, (out.get(w) ?? 0) + 1)
  return out
}

/** The word counts with another accumulator's added (forEach: no [word, count] pair is made per entry). */
function addCounts(counts: Map<string, number> | undefined, other: Map<string, number> | undefined): Map<string, number> | undefined {
  if (!other) return counts
  const out = counts ?? new Map<string, number>()
  other.forEach((n, w) => out.set(w, (out.get(w) ?? 0) + n))
  return out
}

/** Sums per-answer sentiment results; merge() combines accumulators in order. */
export class SentimentAccumulator {
  positive = 0
  neutral = 0
  negative = 0
  totalScore = 0
  answers = 0
  /** Answers using each word, made when the first word comes (most query cells of a brand have none). */
  positiveWords: Map<string, number> | undefined
  negativeWords: Map<string, number> | undefined
  readonly positiveSnippets: SourcedSnippet[] = []
  readonly negativeSnippets: SourcedSnippet[] = []

  add(r: SentimentResult | undefined, src: SnippetSource): void {
    if (!r || !r.mentions || r.available === false) return
    this.answers++
    const m = r.mentions
    const p = Math.round((r.positive * m) / 100)
    const g = Math.min(m - p, Math.round((r.negative * m) / 100))
    this.positive += p
    this.neutral += Math.max(0, m - p - g)
    this.negative += g
    this.totalScore += r.totalScore
    this.positiveWords = addUses(this.positiveWords, r.positiveWords)
    this.negativeWords = addUses(this.negativeWords, r.negativeWords)
    for (const s of r.positiveSnippets) offerSnippet(this.positiveSnippets, s, src, 1)
    for (const s of r.negativeSnippets) offerSnippet(this.negativeSnippets, s, src, -1)
  }

  merge(o: SentimentAccumulator): void {
    this.positive += o.positive
    this.neutral += o.neutral
    this.negative += o.negative
    this.totalScore += o.totalScore
    this.answers += o.answers
    this.positiveWords = addCounts(this.positiveWords, o.positiveWords)
    this.negativeWords = addCounts(this.negativeWords, o.negativeWords)
    for (const s of o.positiveSnippets) offerSourced(this.positiveSnippets, s, 1)
    for (const s of o.negativeSnippets) offerSourced(this.negativeSnippets, s, -1)
  }

  result(): AggregatedSentiment {
    const mentions = this.positive + this.neutral + this.negative
    const counts = { positive: this.positive, neutral: this.neutral, negative: this.negative }
    if (mentions === 0) {
      // emptySentiment() and the aggregate's fields, in the same key order (one literal is cheaper than a spread)
      return {
        score: 0, label: 'neutral', positive: 0, neutral: 0, negative: 0, positiveWords: [], negativeWords: [],
        confidence: 0, mentions: 0, totalScore: 0, positiveSnippets: [], negativeSnippets: [], counts, answers: 0,
      }
    }
    const score = round2(clamp(this.totalScore / mentions, -1, 1))
    const result: AggregatedSentiment = {
      score,
      label: labelFor(score),
      positive: 0,
      neutral: 0,
      negative: 0,
      positiveWords: this.positiveWords ? topWords(this.positiveWords) : [],
      negativeWords: this.negativeWords ? topWords(this.negativeWords) : [],
      confidence: round2(Math.min(mentions / 3, 1)),
      mentions,
      totalScore: this.totalScore,
      positiveSnippets: [...this.positiveSnippets],
      negativeSnippets: [...this.negativeSnippets],
      counts,
      answers: this.answers,
    }
    setPercentages(result, this.positive, this.neutral, this.negative)
    return result
  }
}

/** Aggregates per-answer results (in the given order) into one brand-level sentiment. */
export function mergeSentiment(parts: Array<{ result: SentimentResult } & SnippetSource>): AggregatedSentiment {
  const acc = new SentimentAccumulator()
  for (const p of parts) acc.add(p.result, { queryIndex: p.queryIndex, query: p.query, modelId: p.modelId, sample: p.sample })
  return acc.result()
}

/**
 * The SENTIMENT_WORD_CAP most used words, most used first, ties in order of first appearance (Map
 * iteration order): what a stable sort by count would give, without sorting every word.
 */
function topWords(counts: Map<string, number>): string[] {
  const words: string[] = []
  const uses: number[] = []
  // forEach rather than for...of: no [word, count] pair is made per entry
  counts.forEach((c, w) => {
    let i = words.length
    if (i === SENTIMENT_WORD_CAP) {
      if (!(c > uses[i - 1])) return
      i-- // the weakest word makes room
    }
    // shift the words used less than this one down by hand (a splice allocates the array of removed items)
    while (i > 0 && c > uses[i - 1]) {
      words[i] = words[i - 1]
      uses[i] = uses[i - 1]
      i--
    }
    words[i] = w
    uses[i] = c
  })
  return words
}
