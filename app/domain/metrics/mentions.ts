/**
 * Mention counting and sentence splitting.
 *
 * Decisions where the spec is silent:
 * - A count is the number of occurrences (not 0/1 presence) in the countable text.
 * - What is not the answer (reference headings per language, a trailing citation block, footnote
 *   definitions, URLs, www links, [n]) is found in references.ts.
 * - Sentences split after ".", "!" or "?" (also "؟", "۔", "।", "॥"; optionally followed
 *   by closing quotes, brackets or markdown "*") when whitespace or the end follows, after
 *   "。", "！", "？" whatever follows, and at every line break, so list items without a
 *   full stop are separate statements. "4.5", "nike.com" and list numbers ("1. Nike",
 *   "**2.** Adidas") are not split. Blank fragments and fragments without any letter or
 *   digit are dropped.
 */
import { type BrandDef, findAllBrandSpans, findBrandSpans } from './brands'
import { stripNonCountable } from './references'

export { countableAtLength, stripNonCountable } from './references'

/** Occurrences of the brand (name or any countable alternative) in already-stripped text. */
export function countMentionsInStripped(stripped: string, brand: BrandDef, lower?: string): number {
  return findBrandSpans(brand, stripped, lower).length / 2
}

/** Case-insensitive whole-word (per script, see scripts.ts) occurrences of the brand's names in the countable text. */
export function countMentions(text: string, brand: BrandDef): number {
  return countMentionsInStripped(stripNonCountable(text), brand)
}

/** Occurrences per brand, keyed by brand.name, zeros included. Brands are counted independently. */
export function countAllMentions(text: string, brands: BrandDef[]): Record<string, number> {
  const stripped = stripNonCountable(text)
  const spans = findAllBrandSpans(brands, stripped)
  const out: Record<string, number> = {}
  brands.forEach((b, i) => (out[b.name] = spans[i].length / 2))
  return out
}

/** A line that so far is only a list number ("1.", "**2.**", "- 3)"): its "." is not a sentence end. */
const LIST_NUMBER_PREFIX = /^[ \t]*(?:[-*+•][ \t]+)?(?:#{1,6}[ \t]*)?(?:\*\*|__)?\d{1,2}[.)](?:\*\*|__)?$/
const HAS_WORD = /[\p{L}\p{N}]/u

export interface SentenceSpan {
  text: string
  /** Offsets of the trimmed sentence in the source text. */
  start: number
  end: number
}

const WHITESPACE = /\s/

/** /\s/ for the code unit at i (ASCII answered without a regex test). */
function isSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c < 128) return c === 32 || (c >= 9 && c <= 13)
  return WHITESPACE.test(text[i])
}

/** True if text[from, to) holds a letter or digit (HAS_WORD), without copying it when it is ASCII. */
function hasWordIn(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c >= 128) return HAS_WORD.test(text.slice(from, to))
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return true
  }
  return false
}

function pushBounds(out: number[], text: string, from: number, to: number): void {
  while (from < to && isSpaceAt(text, from)) from++
  while (to > from && isSpaceAt(text, to - 1)) to--
  if (to <= from) return
  if (hasWordIn(text, from, to)) out.push(from, to)
}

/**
 * A sentence end: . ! ? (and the Arabic question mark, Urdu full stop and Devanagari danda) with closing quotes,
 * brackets or markdown and whitespace; or the ideographic full stop and full-width ! ? (no space follows them in
 * Chinese and Japanese). Sentences also break at every run of line breaks, which splitSentenceBounds finds with
 * indexOf: the whole rule is the single regex
 * /([.!?؟۔।॥]["'”’)\]*_]*)[ \t\f\v]+|([。！？｡]["'”’)\]*_」』）】]*)[ \t\f\v]*|(?:\r?\n|\r)+/g, without a match
 * object for each of the many lines of an answer (mentions.test.ts checks the two agree). No match of this one holds a
 * line break.
 */
const SENTENCE_END_G = /([.!?؟۔।॥]["'”’)\]*_]*)[ \t\f\v]+|([。！？｡]["'”’)\]*_」』）】]*)[ \t\f\v]*/g

/** The next "\n" or "\r" at or after from (cr: the next "\r" known, -1 for none), or text.length. */
function lineBreakAt(text: string, from: number, cr: number): number {
  const lf = text.indexOf('\n', from)
  if (cr >= 0 && (lf < 0 || cr < lf)) return cr
  return lf < 0 ? text.length : lf
}

/**
 * The bounds of the sentences (same splitting as splitSentenceSpans) as a flat list [start0, end0,
 * start1, end1, ...]: no sentence is copied out of the text. The runs of line breaks are found by hand, the
 * sentence ends by SENTENCE_END_G.
 */
export function splitSentenceBounds(text: string): number[] {
  const out: number[] = []
  if (!text) return out
  const n = text.length
  let cr = text.indexOf('\r')
  let from = 0
  SENTENCE_END_G.lastIndex = 0
  let m = SENTENCE_END_G.exec(text)
  for (let pos = 0; ; ) {
    if (cr >= 0 && cr < pos) cr = text.indexOf('\r', pos)
    const eol = lineBreakAt(text, pos, cr)
    for (; m !== null && m.index < eol; m = SENTENCE_END_G.exec(text)) {
      if (m[1] !== undefined) {
        const end = m.index + m[1].length
        const lineStart = text.lastIndexOf('\n', m.index) + 1
        if (end - lineStart <= 16 && LIST_NUMBER_PREFIX.test(text.slice(lineStart, end))) continue
        pushBounds(out, text, from, end)
      } else {
        pushBounds(out, text, from, m.index + m[2].length)
      }
      from = m.index + m[0].length
    }
    if (eol >= n) break
    // a run of line breaks, as (?:\r?\n|\r)+ takes it: every "\r" and "\n" in a row
    pushBounds(out, text, from, eol)
    let e = eol + 1
    while (e < n && (text.charCodeAt(e) === 10 || text.charCodeAt(e) === 13)) e++
    from = pos = e
  }
  SENTENCE_END_G.lastIndex = 0
  pushBounds(out, text, from, n)
  return out
}

/** Sentences with their offsets (same splitting as splitSentences). */
export function splitSentenceSpans(text: string): SentenceSpan[] {
  const bounds = splitSentenceBounds(text)
  const out: SentenceSpan[] = []
  for (let k = 0; k < bounds.length; k += 2) out.push({ text: text.slice(bounds[k], bounds[k + 1]), start: bounds[k], end: bounds[k + 1] })
  return out
}

/** Splits on . ! ? (followed by whitespace or the end) and on line breaks. */
export function splitSentences(text: string): string[] {
  return splitSentenceSpans(text).map((s) => s.text)
}
