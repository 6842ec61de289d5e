/**
 * Mention counting (spec §5 "Mention counting") and sentence splitting.
 *
 * Decisions where the spec is silent:
 * - A count is the number of occurrences (not 0/1 presence) in the countable text.
 * - A sources heading is a line whose text (after optional "#" heading marks and
 *   bold/italic markers) is "Source(s)", "Reference(s)" or "Citation(s)" (also
 *   "Sources and References" style pairs) or the same word in another setup language
 *   (出典, 来源, 출처, المصادر, Источники, Quellen, Źródła, ...), followed by a colon (also
 *   the full-width "：") or the end of the line. Everything from that line on is
 *   ignored. Prose such as "References to Nike..." or "Sources say..." is not a heading.
 * - Removed URLs, www links and bracketed numbers ([1], [12], [1, 2], [1-3]) are replaced
 *   by a space, so neighbouring words never glue together; trailing punctuation after a
 *   URL is kept so sentence ends survive. Bare domains without "www" or a scheme
 *   (e.g. "nike.com") are ordinary text.
 * - Sentences split after ".", "!" or "?" (also "؟", "۔", "।", "॥"; optionally followed
 *   by closing quotes, brackets or markdown "*") when whitespace or the end follows, after
 *   "。", "！", "？" whatever follows, and at every line break, so list items without a
 *   full stop are separate statements. "4.5", "nike.com" and list numbers ("1. Nike",
 *   "**2.** Adidas") are not split. Blank fragments and fragments without any letter or
 *   digit are dropped.
 */
import { type BrandDef, findAllBrandSpans, findBrandSpans } from './brands'

/** Sources/references headings in English and the other setup languages (answers follow the query's language). */
const HEADING_WORDS = [
  'sources?', 'references?', 'citations?', '出典', '参考文献', '参考資料', '参考资料', '参考来源', '来源', '來源', '資料來源', '出处', '출처',
  '참고\\s?문헌', '참고\\s?자료', 'แหล่งที่มา', 'แหล่งอ้างอิง', 'อ้างอิง', 'المصادر', 'المراجع', 'स्रोत', 'संदर्भ', 'источники', 'ссылки',
  'джерела', 'kaynaklar', 'kaynakça', 'quellen', 'quellenangaben', 'źródła', 'fuentes', 'referencias', 'fonti', 'bronnen', 'fontes',
  'referências', 'nguồn', 'tài liệu tham khảo',
]
const HEADING_WORD = `(?:${HEADING_WORDS.join('|')})`
/** A sources heading, matched (sticky) at the start of a line. */
const SOURCES_HEADING = new RegExp(
  `[ \\t]*(?:#{1,6}[ \\t]*)?(?:[*_]{1,3}[ \\t]*)?${HEADING_WORD}(?:[ \\t]*(?:&|and|/)[ \\t]*${HEADING_WORD})?[ \\t]*(?:[*_]{1,3})?[ \\t]*(?::|：|$)`,
  'imy',
)
/**
 * The heading words anywhere: only their lines are checked for a heading. The alternation is
 * factored by first letter ("r(?:eferences?|eferencias|eferências)|..."), which the regex engine
 * scans faster than the plain list; it finds the same matches, as words whose first letters differ
 * (case-insensitively) never match at the same place and words sharing one keep their order. (Each
 * word starts with a plain letter.)
 */
const HEADING_HINT = (() => {
  const groups: Array<{ first: string; same: RegExp; rests: string[] }> = []
  for (const w of HEADING_WORDS) {
    const first = w.charAt(0)
    const group = groups.find((g) => g.same.test(first))
    if (group) group.rests.push(w.slice(1))
    else groups.push({ first, same: new RegExp(`^${first}$`, 'i'), rests: [w.slice(1)] })
  }
  return new RegExp(groups.map((g) => `${g.first}(?:${g.rests.join('|')})`).join('|'), 'gi')
})()

/** Start of the first sources heading line, or -1. */
function sourcesHeadingStart(text: string): number {
  HEADING_HINT.lastIndex = 0
  let lastLine = -1
  for (let m = HEADING_HINT.exec(text); m !== null; m = HEADING_HINT.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1
    if (lineStart === lastLine) continue
    lastLine = lineStart
    SOURCES_HEADING.lastIndex = lineStart
    if (SOURCES_HEADING.test(text)) {
      HEADING_HINT.lastIndex = 0
      return lineStart
    }
  }
  return -1
}
const URL_RE = /\b(?:https?|ftp):\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}*]/gi
const WWW_RE = /\bwww\.[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}*]/gi
const BRACKET_NUM_RE = /\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g

/** Cuts a sources/references/citations section and removes URLs, www links and [n]. */
export function stripNonCountable(text: string): string {
  if (!text) return ''
  let t = text
  const heading = sourcesHeadingStart(t)
  if (heading >= 0) t = t.slice(0, heading)
  return t.replace(URL_RE, ' ').replace(WWW_RE, ' ').replace(BRACKET_NUM_RE, ' ')
}

/**
 * The countable text at the original length: the sources section cut, URLs, www links and [n] blanked
 * with spaces, so positions of brand matches are positions in the text shown (evidence highlights).
 */
export function countableAtLength(text: string): string {
  if (!text) return ''
  let t = text
  const heading = sourcesHeadingStart(t)
  if (heading >= 0) t = t.slice(0, heading)
  const blank = (m: string) => ' '.repeat(m.length)
  return t.replace(URL_RE, blank).replace(WWW_RE, blank).replace(BRACKET_NUM_RE, blank)
}

/** Occurrences of the brand (name or any countable alternative) in already-stripped text. */
export function countMentionsInStripped(stripped: string, brand: BrandDef, lower?: string): number {
  return findBrandSpans(brand, stripped, lower).length / 2
}

/** §5: case-insensitive whole-word (per script, see scripts.ts) occurrences of the brand's names in the countable text. */
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

/**
 * A break after . ! ? (and the Arabic question mark, Urdu full stop and Devanagari danda)
 * with closing quotes, brackets or markdown and whitespace; after the ideographic full
 * stop and full-width ! ? (no space follows them in Chinese and Japanese); or at line breaks.
 */
const SENTENCE_BREAK_G = /([.!?؟۔।॥]["'”’)\]*_]*)[ \t\f\v]+|([。！？｡]["'”’)\]*_」』）】]*)[ \t\f\v]*|(?:\r?\n|\r)+/g
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

function pushSentence(out: SentenceSpan[], text: string, from: number, to: number): void {
  while (from < to && isSpaceAt(text, from)) from++
  while (to > from && isSpaceAt(text, to - 1)) to--
  if (to <= from) return
  const s = text.slice(from, to)
  if (HAS_WORD.test(s)) out.push({ text: s, start: from, end: to })
}

/** Sentences with their offsets (same splitting as splitSentences). */
export function splitSentenceSpans(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = []
  if (!text) return out
  let from = 0
  SENTENCE_BREAK_G.lastIndex = 0
  for (let m = SENTENCE_BREAK_G.exec(text); m !== null; m = SENTENCE_BREAK_G.exec(text)) {
    if (m[1] !== undefined) {
      const end = m.index + m[1].length
      const lineStart = text.lastIndexOf('\n', m.index) + 1
      if (end - lineStart <= 16 && LIST_NUMBER_PREFIX.test(text.slice(lineStart, end))) continue
      pushSentence(out, text, from, end)
    } else if (m[2] !== undefined) {
      pushSentence(out, text, from, m.index + m[2].length)
    } else {
      pushSentence(out, text, from, m.index)
    }
    from = m.index + m[0].length
  }
  pushSentence(out, text, from, text.length)
  return out
}

/** Splits on . ! ? (followed by whitespace or the end) and on line breaks. */
export function splitSentences(text: string): string[] {
  return splitSentenceSpans(text).map((s) => s.text)
}
