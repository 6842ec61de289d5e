/**
 * Brand sentiment per brand: two routines, each within -1..+1.
 *
 * Routine 1, brandSentiment: every countable sentence (see splitSentences) in which a
 * mention of the brand starts is scored +1 per positive word and -1 per negative word
 * (each occurrence counts; no negation handling, as specified). Words inside the brand's
 * own names are not scored ("Best Buy" is not positive). The word lists below are a
 * brand/product-review lexicon; a word counts only as a whole token ("high-quality" is
 * one word, "greatest" is not "great").
 * Decisions where the spec is silent:
 * - mentions = number of sentences naming the brand (the sample the percentages are
 *   taken over), confidence = min(mentions / 3, 1).
 * - positive/neutral/negative = share of those sentences with score > 0, = 0, < 0, as
 *   whole percentages rounded by largest remainder so they sum to exactly 100; all 0
 *   when the brand is never mentioned (no data, label neutral).
 * - totalScore = sum of sentence scores; score = totalScore / mentions clamped to
 *   -1..+1 and rounded to 2 decimals (the average sentence score, so a single mild
 *   word among many neutral sentences stays mild).
 * - label: positive if score >= 0.1, negative if score <= -0.1, else neutral.
 * - positiveWords/negativeWords: distinct words in order of first appearance, max 5.
 * - Snippets: sentences of 20-200 characters (after removing markdown emphasis and
 *   collapsing whitespace; longer or shorter sentences are skipped, not cut), positive
 *   ones sorted by score descending, negative ones by score ascending (ties keep text
 *   order), 5 kept each; duplicates dropped.
 *
 * Languages: English uses the curated review lexicon below; the other setup languages use
 * the word lists of lexicons.ts (sentimentLanguage, lexiconFor), scored the same way (+1 per
 * positive, -1 per negative word). For a language no list covers, nothing is scored: the
 * per-brand results are empty and carry available: false, so no unmeasured "neutral" is
 * ever shown as measured. Sentences are split per script (mentions.ts), so Chinese and
 * Japanese sentences end at 。！？.
 *
 * Routine 2, phraseSentiment: +2 per positive phrase and -2 per negative phrase found in
 * the sentences naming the brand, plus the rank bonus (rank <= 3: +3, <= 5: +2,
 * <= 10: +1, >= 15: -1, 11-14 or unranked: 0). Normalised as clamp(raw / 10, -1, +1),
 * rounded to 2 decimals: rank 1 alone gives 0.3, rank 1 with one positive phrase 0.5,
 * and anything at or beyond +-10 saturates. Its phrases are English only (routine 2 is not
 * used by the results screens).
 */
import { type BrandDef, compiledNames, findBrandSpans } from './brands'
import { type Lexicon, lexiconFor, sentimentLanguage } from './lexicons'
import { splitSentenceBounds, stripNonCountable } from './mentions'

export { type SentimentLanguage, sentimentLanguage } from './lexicons'

export interface Snippet {
  text: string
  words: string[]
  score: number
}

export interface SentimentResult {
  score: number
  label: 'positive' | 'neutral' | 'negative'
  positive: number
  neutral: number
  negative: number
  positiveWords: string[]
  negativeWords: string[]
  confidence: number
  mentions: number
  totalScore: number
  positiveSnippets: Snippet[]
  negativeSnippets: Snippet[]
  /** false: the language has no word list, nothing was measured (absent means measured). */
  available?: false
  /** Word list used when not English (lexicons.ts key), so results of another list are noticed. */
  language?: string
}

export const SENTIMENT_WORD_CAP = 5
export const SNIPPET_MIN_CHARS = 20
export const SNIPPET_MAX_CHARS = 200
export const SNIPPET_KEEP = 5
export const LABEL_THRESHOLD = 0.1

export const POSITIVE_WORDS: ReadonlySet<string> = new Set([
  'excellent', 'great', 'best', 'better', 'good', 'outstanding', 'exceptional', 'superior', 'impressive', 'amazing',
  'leading', 'leader', 'popular', 'reliable', 'trusted', 'trustworthy', 'reputable', 'renowned', 'innovative', 'premium',
  'quality', 'high-quality', 'recommended', 'recommend', 'favourite', 'favorite', 'beloved', 'loved', 'love', 'praised',
  'comfortable', 'durable', 'affordable', 'efficient', 'effective', 'versatile', 'robust', 'secure', 'safe', 'easy',
  'intuitive', 'fast', 'responsive', 'strong', 'stylish', 'sustainable', 'ethical', 'well-known', 'well-established',
  'award-winning', 'top-rated', 'acclaimed', 'iconic', 'ideal', 'perfect', 'superb', 'solid', 'dependable', 'consistent',
  'excels', 'excel', 'standout', 'valuable', 'helpful', 'friendly', 'seamless', 'smooth', 'lightweight',
  'advanced', 'cutting-edge', 'pioneer', 'pioneering', 'preferred', 'satisfied', 'satisfaction', 'benefit', 'benefits',
  'advantage', 'advantages', 'wins', 'winner', 'win', 'success', 'successful', 'flexible', 'powerful', 'supportive',
])

export const NEGATIVE_WORDS: ReadonlySet<string> = new Set([
  'poor', 'bad', 'worst', 'worse', 'terrible', 'awful', 'disappointing', 'disappointed', 'inferior', 'mediocre',
  'expensive', 'overpriced', 'pricey', 'costly', 'unreliable', 'unsafe', 'insecure', 'complaint', 'complaints', 'issue',
  'issues', 'problem', 'problems', 'problematic', 'defect', 'defects', 'defective', 'faulty', 'broken', 'fails', 'failed',
  'failure', 'failures', 'lacks', 'lacking', 'lack', 'limited', 'limitation', 'limitations', 'weak', 'weakness',
  'weaknesses', 'slow', 'difficult', 'complicated', 'confusing', 'clunky', 'outdated', 'criticised', 'criticized',
  'criticism', 'controversy', 'controversial', 'scandal', 'lawsuit', 'lawsuits', 'recall', 'recalls', 'drawback',
  'drawbacks', 'downside', 'downsides', 'concern', 'concerns', 'risky', 'uncomfortable', 'flimsy', 'cheaply',
  'declining', 'decline', 'struggling', 'struggles', 'unhelpful', 'rude', 'delays', 'delayed', 'bugs', 'buggy',
  'negative', 'frustrating', 'frustrated', 'unresponsive', 'breach', 'fraud', 'misleading', 'inconsistent', 'noisy',
])

export const POSITIVE_PHRASES: readonly string[] = [
  'highly recommended', 'highly rated', 'top rated', 'best overall', 'top choice', 'top pick', 'industry leader',
  'market leader', 'stands out', 'best in class', 'excellent choice', 'great choice', 'well regarded', 'widely regarded',
  'highly regarded', 'trusted brand', 'gold standard', 'award winning', 'customer favourite', 'customer favorite',
  'excellent value', 'great value', 'best value', 'strong reputation', 'known for quality', 'highly praised',
]

export const NEGATIVE_PHRASES: readonly string[] = [
  'not recommended', 'falls short', 'fall short', 'poor quality', 'customer complaints', 'known issues', 'quality issues',
  'quality concerns', 'not worth', 'lags behind', 'mixed reviews', 'negative reviews', 'poor customer service',
  'data breach', 'class action', 'product recall', 'less reliable', 'overpriced for', 'hard to recommend',
  'worst rated', 'avoid if',
]

export const PHRASE_POINTS = 2
export const PHRASE_NORMALISER = 10

const WORD_RE = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu

/** Lowercased word tokens of a text (hyphenated words kept whole, e.g. "high-quality"). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD_RE) ?? []
}

export interface WordScore {
  score: number
  positive: string[]
  negative: string[]
}

/** Routine 1 score of one piece of text: +1 per positive word, -1 per negative word. */
export function scoreWords(tokens: string[]): WordScore {
  const positive: string[] = []
  const negative: string[] = []
  for (const t of tokens) {
    if (POSITIVE_WORDS.has(t)) positive.push(t)
    else if (NEGATIVE_WORDS.has(t)) negative.push(t)
  }
  return { score: positive.length - negative.length, positive, negative }
}

/** Routine 1 words of a text with the language's lexicon (English when none). */
export function scoreText(text: string, lex?: Lexicon): WordScore {
  return lex ? lex.score(text) : scoreWords(tokenize(text))
}

/** True if any of the brand's names contains a lexicon word (then names are masked before scoring). */
const lexiconNameCache = new WeakMap<readonly string[], Map<string, boolean>>()
export function namesContainLexiconWords(brand: BrandDef, lex?: Lexicon): boolean {
  const names = compiledNames(brand)
  let byLex = lexiconNameCache.get(names)
  if (!byLex) lexiconNameCache.set(names, (byLex = new Map()))
  const key = lex?.key ?? 'en'
  let value = byLex.get(key)
  if (value === undefined) {
    value = names.some((n) => {
      const w = scoreText(n, lex)
      return w.positive.length + w.negative.length > 0
    })
    byLex.set(key, value)
  }
  return value
}

/** The sentence with the given matches (flat absolute spans of the whole text) replaced by a space. */
function maskSpans(s: PreparedSentence, spans: number[]): string {
  let out = ''
  let at = s.start
  for (let k = 0; k < spans.length; k += 2) {
    if (spans[k + 1] <= s.start || spans[k] >= s.end) continue
    const from = Math.max(spans[k], s.start)
    out += s.text.slice(at - s.start, from - s.start) + ' '
    at = Math.min(spans[k + 1], s.end)
  }
  return out + s.text.slice(at - s.start)
}

/** The sentence with every match of the brand's names replaced by a space. */
export function maskBrand(sentence: string, brand: BrandDef): string {
  const spans = findBrandSpans(brand, sentence)
  if (spans.length === 0) return sentence
  let out = ''
  let at = 0
  for (let k = 0; k < spans.length; k += 2) {
    out += sentence.slice(at, spans[k]) + ' '
    at = spans[k + 1]
  }
  return out + sentence.slice(at)
}

const NEEDS_CLEAN = /[*_`\n\t[]|\s\s|^[ \t]*(?:[-+•#]|\d{1,2}[.):])/
const LINK_WITHOUT_URL = /\[([^\]]*)\]\(\s*\)/g
const EMPTY_BRACKETS = /\(\s*\)|\[\s*\]/g
const EMPHASIS = /\*\*|__|`/g
const LEADING_MARKER = /^[ \t]*(?:[-*+•]|#{1,6}|\d{1,2}[.):])[ \t]+/
/**
 * The whitespace runs that a collapse of every run to one space changes: all but the lone " " (replacing those by " "
 * would copy the text piece by piece for nothing).
 */
const WHITESPACE_TO_COLLAPSE = /[^\S ]\s*| \s+/g

/**
 * Markdown and link residue stripped before a snippet is shown (a link whose URL was removed keeps its text).
 * A replacement whose characters are absent could not change anything, so its regex scan is skipped:
 * the result is the same as running them all.
 */
export function cleanSnippet(sentence: string): string {
  if (!NEEDS_CLEAN.test(sentence)) return sentence.trim()
  let s = sentence
  const bracket = s.includes('[')
  if (bracket) s = s.replace(LINK_WITHOUT_URL, '$1')
  if (bracket || s.includes('(')) s = s.replace(EMPTY_BRACKETS, '')
  if (s.includes('**') || s.includes('__') || s.includes('`')) s = s.replace(EMPHASIS, '')
  s = s.replace(LEADING_MARKER, '')
  return s.replace(WHITESPACE_TO_COLLAPSE, ' ').trim()
}

/**
 * Whole percentages of the positive, neutral and negative sentence counts, summing to exactly 100 by largest remainder
 * (ties to the earlier of positive, neutral, negative; all 0 when there are none), written into the result's three
 * fields: no arrays are made for the three numbers.
 */
export function setPercentages(out: { positive: number; neutral: number; negative: number }, positive: number, neutral: number, negative: number): void {
  const total = positive + neutral + negative
  if (total <= 0) {
    out.positive = out.neutral = out.negative = 0
    return
  }
  const ep = (positive * 100) / total
  const en = (neutral * 100) / total
  const eg = (negative * 100) / total
  let p = Math.floor(ep)
  let n = Math.floor(en)
  let g = Math.floor(eg)
  let rp = ep - p
  let rn = en - n
  let rg = eg - g
  // the rest by largest remainder, earlier first on ties (as percentages)
  for (let left = 100 - p - n - g; left > 0; left--) {
    if (rp >= 0 && rp >= rn && rp >= rg) {
      p++
      rp = -1
    } else if (rn >= 0 && rn >= rg) {
      n++
      rn = -1
    } else if (rg >= 0) {
      g++
      rg = -1
    } else break
  }
  out.positive = p
  out.neutral = n
  out.negative = g
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x))
}

export function labelFor(score: number): SentimentResult['label'] {
  if (score >= LABEL_THRESHOLD) return 'positive'
  if (score <= -LABEL_THRESHOLD) return 'negative'
  return 'neutral'
}

/** One sentence prepared once per answer and shared across brands (words scored lazily). */
export interface PreparedSentence {
  text: string
  start: number
  end: number
  words?: WordScore
  clean?: string
  /**
   * English and the lists read in place (Lexicon.scoreLowered): the whole text lower-cased (at the text's length),
   * which the sentence's words are read from when first needed (see lexiconWordsIn), with no copy of the sentence.
   */
  lower?: string
}

const NO_WORDS: WordScore = Object.freeze({ score: 0, positive: [], negative: [] }) as WordScore

function escapeRe(w: string): string {
  return w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
}

/**
 * Every lexicon word (grouped by first letter, longest first) for a single scan of the
 * lowercased text. The leading (^|[^a-z0-9]) lets the engine skip quickly to word starts;
 * whole-token boundaries are checked by hand (isWholeToken).
 */
const LEXICON_SCAN = (() => {
  const byFirst = new Map<string, string[]>()
  for (const w of [...POSITIVE_WORDS, ...NEGATIVE_WORDS].sort((a, b) => b.length - a.length)) {
    const list = byFirst.get(w[0]) ?? []
    list.push(w.slice(1))
    byFirst.set(w[0], list)
  }
  const groups = [...byFirst].map(([f, rest]) => `${escapeRe(f)}(?:${rest.map(escapeRe).join('|')})`)
  return new RegExp(`(?:^|[^a-z0-9])(?:${groups.join('|')})`, 'g')
})()
const WORD_CHAR = /^[\p{L}\p{N}]$/u
/** "-", "'" or "’" (the joiners of a hyphenated or elided word, see WORD_RE) at i. */
function joinerAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  return c === 45 || c === 39 || c === 0x2019
}

function wordCharAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false
  const c = text.charCodeAt(i)
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) return WORD_CHAR.test(text.slice(i - 1, i + 1))
  const cp = text.codePointAt(i)!
  return WORD_CHAR.test(String.fromCodePoint(cp))
}

/** True if lower[start, end) is a whole token as tokenize() would cut it. */
function isWholeToken(lower: string, start: number, end: number): boolean {
  if (wordCharAt(lower, start - 1)) return false
  if (start >= 2 && joinerAt(lower, start - 1) && wordCharAt(lower, start - 2)) return false
  if (wordCharAt(lower, end)) return false
  if (end + 1 < lower.length && joinerAt(lower, end) && wordCharAt(lower, end + 1)) return false
  return true
}

/**
 * The English lexicon words (see addWord) that are whole tokens of lower (a lower-cased text) and start in [from, to),
 * in order. from and to are the bounds of a sentence (splitSentenceBounds): only lower[from - 1, to) is scanned (the
 * match includes the character before the word). That finds what a scan of the whole text finds there: a sentence
 * starts after whitespace or a sentence-ending mark and ends before whitespace, at such a mark or at the end of the
 * text, and no lexicon word contains these, so no match reaches across the bounds. isWholeToken still reads the
 * characters around a word in the whole text.
 */
function lexiconWordsIn(lower: string, from: number, to: number): WordScore {
  let words: WordScore | undefined
  const base = from > 0 ? from - 1 : 0
  const part = base === 0 && to >= lower.length ? lower : lower.slice(base, to)
  LEXICON_SCAN.lastIndex = 0
  for (let m = LEXICON_SCAN.exec(part); m !== null; m = LEXICON_SCAN.exec(part)) {
    const c = m[0].charCodeAt(0)
    const prefixed = !((c >= 97 && c <= 122) || (c >= 48 && c <= 57))
    const start = base + (prefixed ? m.index + 1 : m.index)
    if (start >= to) break
    const end = base + m.index + m[0].length
    if (!isWholeToken(lower, start, end)) {
      LEXICON_SCAN.lastIndex = start - base + 1
      continue
    }
    if (start >= from) addWord((words ??= { score: 0, positive: [], negative: [] }), lexiconEntryAt(lower, start, end))
  }
  LEXICON_SCAN.lastIndex = 0
  return words ?? NO_WORDS
}

interface LexiconEntry {
  word: string
  positive: boolean
}

/**
 * The English lexicon words by first character and length (a few words each), with their sign: a word found in a text
 * is compared in place and recorded as the list's own string rather than a piece cut from the text, so the many
 * results of an analysis share a few strings (less memory, and the aggregation's word counts compare and hash the
 * same objects). A word on both lists counts as positive, as in scoreWords.
 */
const LEXICON_ENTRIES = (() => {
  const out: Array<LexiconEntry[] | undefined> = []
  const put = (word: string, positive: boolean) => {
    const key = lexiconKey(word.charCodeAt(0), word.length)
    const list = (out[key] ??= [])
    const same = list.findIndex((e) => e.word === word)
    if (same >= 0) list[same] = { word, positive }
    else list.push({ word, positive })
  }
  for (const w of NEGATIVE_WORDS) put(w, false)
  for (const w of POSITIVE_WORDS) put(w, true)
  return out
})()

function lexiconKey(first: number, length: number): number {
  return first * 64 + length // the words are ASCII and shorter than 64
}

/** The lexicon entry of the word lower[start, end) that lexiconWordsIn found. */
function lexiconEntryAt(lower: string, start: number, end: number): LexiconEntry {
  const list = LEXICON_ENTRIES[lexiconKey(lower.charCodeAt(start), end - start)]!
  for (let i = 0; i < list.length - 1; i++) if (lower.startsWith(list[i].word, start)) return list[i]
  return list[list.length - 1] // the only one left: the scan found one of these words here
}

function addWord(words: WordScore, entry: LexiconEntry): void {
  if (entry.positive) {
    words.positive.push(entry.word)
    words.score++
  } else {
    words.negative.push(entry.word)
    words.score--
  }
}

/**
 * The sentences of already-stripped text as bounds only (splitSentenceBounds); a sentence is copied out
 * and prepared (PreparedSentence, shared across brands) only when a brand is named in it. lower is
 * stripped.toLowerCase() when the caller has it already.
 */
export interface SentenceIndex {
  text: string
  /** The whole text lower-cased, when it has the text's length and the list reads it (see PreparedSentence.lower). */
  lower?: string
  bounds: number[]
  prepared: Array<PreparedSentence | undefined>
}

export function indexSentences(stripped: string, lex?: Lexicon, lower?: string): SentenceIndex {
  const bounds = splitSentenceBounds(stripped)
  let low: string | undefined
  if (!lex || lex.scoreLowered) {
    low = lower ?? stripped.toLowerCase()
    if (low.length !== stripped.length) low = undefined // offsets would shift: scored per sentence instead
  }
  return { text: stripped, lower: low, bounds, prepared: new Array<PreparedSentence | undefined>(bounds.length / 2) }
}

function sentenceAt(ix: SentenceIndex, i: number): PreparedSentence {
  let s = ix.prepared[i]
  if (!s) {
    const start = ix.bounds[2 * i]
    const end = ix.bounds[2 * i + 1]
    s = { text: ix.text.slice(start, end), start, end }
    if (ix.lower !== undefined) s.lower = ix.lower
    ix.prepared[i] = s
  }
  return s
}

/** The sentences of the index containing the start of a span (flat [start, end, ...]), in order, unique. */
function sentencesOfSpans(ix: SentenceIndex, spans: number[]): PreparedSentence[] {
  const out: PreparedSentence[] = []
  const bounds = ix.bounds
  const count = bounds.length >> 1
  let last = -1
  for (let k = 0; k < spans.length; k += 2) {
    const pos = spans[k]
    let lo = 0
    let hi = count - 1
    let idx = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (bounds[2 * mid] <= pos) {
        idx = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    if (idx < 0 || pos >= bounds[2 * idx + 1] || idx === last) continue
    out.push(sentenceAt(ix, idx))
    last = idx
  }
  return out
}

/**
 * Routine 1 over a sentence index of already-stripped text. spans are the brand's match spans in that text; lex is
 * the language's lexicon (English when absent; the index must have been made with the same lexicon).
 */
export function brandSentimentIndexed(ix: SentenceIndex, brand: BrandDef, spans: number[], lex?: Lexicon): SentimentResult {
  if (spans.length === 0) return emptySentiment()
  return sentimentOfSentences(sentencesOfSpans(ix, spans), brand, spans, lex)
}

/**
 * Every sentence of already-stripped text with its routine-1 words, read as parseAnswer reads the sentences naming a
 * brand (the sentence index; English words from the lower-cased text, other languages from their lexicon).
 */
export function prepareSentences(stripped: string, lex?: Lexicon): PreparedSentence[] {
  const ix = indexSentences(stripped, lex)
  const out: PreparedSentence[] = []
  for (let i = 0; i < ix.prepared.length; i++) {
    const s = sentenceAt(ix, i)
    wordsOf(s, lex)
    out.push(s)
  }
  return out
}

function wordsOf(s: PreparedSentence, lex?: Lexicon): WordScore {
  if (!s.words) {
    if (s.lower === undefined) s.words = scoreText(s.text, lex)
    else s.words = lex ? lex.scoreLowered!(s.lower, s.start, s.end) : lexiconWordsIn(s.lower, s.start, s.end)
  }
  return s.words
}

export function emptySentiment(): SentimentResult {
  return {
    score: 0, label: 'neutral', positive: 0, neutral: 0, negative: 0, positiveWords: [], negativeWords: [],
    confidence: 0, mentions: 0, totalScore: 0, positiveSnippets: [], negativeSnippets: [],
  }
}

function pushDistinct(list: string[], words: string[]): void {
  for (const w of words) {
    if (list.length >= SENTIMENT_WORD_CAP) return
    if (!list.includes(w)) list.push(w)
  }
}

/** The result for a brand in a language without a word list: nothing measured. */
export function unmeasuredSentiment(): SentimentResult {
  return { ...emptySentiment(), available: false }
}

/** Routine 1 over the sentences naming the brand (in text order); spans as for brandSentimentIndexed. */
function sentimentOfSentences(named: PreparedSentence[], brand: BrandDef, spans: number[], lex?: Lexicon): SentimentResult {
  const mask = namesContainLexiconWords(brand, lex)
  let pos = 0
  let neu = 0
  let neg = 0
  let total = 0
  const positiveWords: string[] = []
  const negativeWords: string[] = []
  const posSnips: Snippet[] = []
  const negSnips: Snippet[] = []
  // snippet texts taken so far: a few per answer, compared in a list (a set would hash each new text)
  let seen: string[] | undefined
  for (let i = 0; i < named.length; i++) {
    const s = named[i]
    const w = mask ? scoreText(maskSpans(s, spans), lex) : wordsOf(s, lex)
    total += w.score
    if (w.score > 0) pos++
    else if (w.score < 0) neg++
    else neu++
    pushDistinct(positiveWords, w.positive)
    pushDistinct(negativeWords, w.negative)
    if (w.score !== 0) {
      const text = s.text.length < SNIPPET_MIN_CHARS ? s.text : (s.clean ??= cleanSnippet(s.text))
      if (text.length >= SNIPPET_MIN_CHARS && text.length <= SNIPPET_MAX_CHARS && !seen?.includes(text)) {
        ;(seen ??= []).push(text)
        const words = distinct(w.score > 0 ? w.positive : w.negative)
        ;(w.score > 0 ? posSnips : negSnips).push({ text, words, score: w.score })
      }
    }
  }
  const mentions = pos + neu + neg
  if (mentions === 0) return emptySentiment()
  const score = round2(clamp(total / mentions, -1, 1))
  const result: SentimentResult = {
    score,
    label: labelFor(score),
    positive: 0,
    neutral: 0,
    negative: 0,
    positiveWords,
    negativeWords,
    confidence: round2(Math.min(mentions / 3, 1)),
    mentions,
    totalScore: total,
    positiveSnippets: topSnippets(posSnips, 'positive'),
    negativeSnippets: topSnippets(negSnips, 'negative'),
  }
  setPercentages(result, pos, neu, neg)
  if (lex) result.language = lex.key
  return result
}

/** The words without repeats, in order of first appearance (the list itself when it has none: nothing changes a word list). */
function distinct(words: string[]): string[] {
  let repeats = false
  for (let i = 1; i < words.length && !repeats; i++) repeats = words.lastIndexOf(words[i], i - 1) >= 0
  if (!repeats) return words
  const out: string[] = []
  for (const w of words) if (!out.includes(w)) out.push(w)
  return out
}

/** Strongest first (stable: earlier first among equals), SNIPPET_KEEP kept. */
export function topSnippets<T extends Snippet>(snips: T[], polarity: 'positive' | 'negative', keep = SNIPPET_KEEP): T[] {
  if (snips.length <= 1) return snips
  // an insertion sort: the lists are short (snippets of one answer)
  const sorted: T[] = []
  for (const s of snips) {
    // shift the weaker ones down by hand (a splice allocates the array of removed items)
    let i = sorted.length
    sorted.push(s)
    while (i > 0 && (polarity === 'positive' ? s.score > sorted[i - 1].score : s.score < sorted[i - 1].score)) {
      sorted[i] = sorted[i - 1]
      i--
    }
    sorted[i] = s
  }
  if (sorted.length > keep) sorted.length = keep
  return sorted
}

/** Routine 1 for one answer text in a project language (English when absent). */
export function brandSentiment(text: string, brand: BrandDef, language?: string | null): SentimentResult {
  const lang = sentimentLanguage(language)
  if (!lang.available) return unmeasuredSentiment()
  const lex = lexiconFor(lang.lexicon)
  const stripped = stripNonCountable(text)
  return brandSentimentIndexed(indexSentences(stripped, lex), brand, findBrandSpans(brand, stripped), lex)
}

// ---------------------------------------------------------------------------
// Routine 2

function phraseRegex(phrases: readonly string[]): RegExp {
  const alt = phrases.map((p) => p.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s-]+')).join('|')
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alt})(?![\\p{L}\\p{N}])`, 'giu')
}
const POSITIVE_PHRASE_RE = phraseRegex(POSITIVE_PHRASES)
const NEGATIVE_PHRASE_RE = phraseRegex(NEGATIVE_PHRASES)

function countRe(re: RegExp, s: string): number {
  re.lastIndex = 0
  let n = 0
  while (re.exec(s) !== null) n++
  re.lastIndex = 0
  return n
}

/** Rank bonus: 3 or better +3, 5 or better +2, 10 or better +1, 15 or worse -1, else 0. */
export function rankBonus(rank?: number | null): number {
  if (rank === undefined || rank === null || !Number.isFinite(rank) || rank <= 0) return 0
  if (rank <= 3) return 3
  if (rank <= 5) return 2
  if (rank <= 10) return 1
  if (rank >= 15) return -1
  return 0
}

export function normalisePhraseScore(raw: number): number {
  return round2(clamp(raw / PHRASE_NORMALISER, -1, 1))
}

/** Routine 2: phrases (+-2 each) in the brand's sentences plus rank bonus, normalised to -1..+1. */
export function phraseSentiment(text: string, brand: BrandDef, rank?: number): number {
  const stripped = stripNonCountable(text)
  let raw = rankBonus(rank)
  for (const s of sentencesOfSpans(indexSentences(stripped), findBrandSpans(brand, stripped))) {
    const t = maskBrand(s.text, brand)
    raw += PHRASE_POINTS * (countRe(POSITIVE_PHRASE_RE, t) - countRe(NEGATIVE_PHRASE_RE, t))
  }
  return normalisePhraseScore(raw)
}
