/**
 * One answer parsed: mentions, rankings and routine-1 sentiment per brand. Its records are built from per-brand-list
 * templates so that every answer's records share one shape (the aggregation reads thousands of them).
 */
import { type BrandDef, findAllBrandSpans } from './brands'
import { stripNonCountable } from './mentions'
import { parseRankingsInStripped } from './rankings'
import { lexiconFor, sentimentLanguageCached } from './lexicons'
import { type SentimentResult, brandSentimentIndexed, emptySentiment, indexSentences, unmeasuredSentiment } from './sentiment'

export interface ParsedAnswer {
  mentions: Record<string, number>
  rankings: Record<string, number>
  sentiment: Record<string, SentimentResult>
}

/**
 * Mentions (all brands, zeros included), rankings (ranked brands only) and routine-1
 * sentiment per brand, in the project language (English when absent; in a language
 * without a word list every brand's sentiment is unmeasuredSentiment()).
 */
export function parseAnswer(text: string, brands: BrandDef[], language?: string | null): ParsedAnswer {
  const stripped = stripNonCountable(text)
  const lower = stripped.toLowerCase()
  const spans = findAllBrandSpans(brands, stripped, lower)
  const shapes = recordShapes(brands)
  const mentions: Record<string, number> = { ...shapes.zero }
  const sentiment: Record<string, SentimentResult> = { ...shapes.unset }
  let anyMention = false
  for (let i = 0; i < brands.length; i++) {
    mentions[brands[i].name] = spans[i].length / 2
    if (spans[i].length > 0) anyMention = true
  }
  const rankings = anyMention ? parseRankingsInStripped(stripped, brands, spans) : {}
  const lang = sentimentLanguageCached(language)
  if (!lang.available) {
    for (const b of brands) sentiment[b.name] = unmeasuredSentiment()
    return { mentions, rankings, sentiment }
  }
  const lex = lexiconFor(lang.lexicon)
  const sentences = anyMention ? indexSentences(stripped, lex, lower) : null
  for (let i = 0; i < brands.length; i++) {
    sentiment[brands[i].name] = sentences && spans[i].length > 0 ? brandSentimentIndexed(sentences, brands[i], spans[i], lex) : NOT_NAMED
  }
  return { mentions, rankings, sentiment }
}

/**
 * The sentiment of a brand an answer does not name, one frozen object shared by every such answer and brand (half
 * of the brands of a typical answer): nothing reads it to change it, and a parsed analysis holds thousands fewer objects.
 */
const NOT_NAMED: SentimentResult = frozenWithFields(emptySentiment())

/** The object frozen, and the arrays and objects in its fields. */
function frozenWithFields<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) Object.freeze(v)
  return Object.freeze(o)
}

/**
 * Records keyed by the brand names, copied for each answer: a copy of an object that already holds every key is made
 * in one step and keeps V8's fast properties, where adding twenty names one by one turns an object into a hash
 * table (slower to build, read and serialise). Kept per brand list, and rebuilt when a brand's name changes.
 */
interface RecordShapes {
  names: string[]
  zero: Record<string, number>
  unset: Record<string, SentimentResult>
}

const shapeCache = new WeakMap<BrandDef[], RecordShapes>()

function recordShapes(brands: BrandDef[]): RecordShapes {
  const hit = shapeCache.get(brands)
  if (hit && hit.names.length === brands.length && hit.names.every((n, i) => n === brands[i].name)) return hit
  const names = brands.map((b) => b.name)
  const zero: Record<string, number> = {}
  const unset: Record<string, SentimentResult> = {}
  for (const n of names) {
    zero[n] = 0
    unset[n] = NOT_NAMED
  }
  // copied once more so that the templates themselves have fast properties (a copy of those is a plain memory copy)
  const shapes = { names, zero: { ...zero }, unset: { ...unset } }
  shapeCache.set(brands, shapes)
  return shapes
}
