/**
 * Rank parsing (numbered lists 1 to 20, ordinal words first to
 * tenth), read in the list formats assistants actually write. The words and symbols of every
 * setup language are data in rank-markers.ts.
 *
 * Decisions where the spec is silent:
 * - Only the countable text is read (stripNonCountable first), so a numbered "Sources" list
 *   never ranks a brand.
 * - Markers. Every marker sits at the start of a line, after any run of indentation, bullets,
 *   "#" heading marks, ">" quotes, markdown emphasis, emoji and symbols ("🥇 1. X",
 *   "👉 **3. X**", "✅ First choice — X"). A marker is:
 *   - a number 1-20 in any of the setup languages' digits, followed by "." ")" ":" "-" (then
 *     a space or emphasis; "4.5", "10:30" and "2024." are not markers) or by the CJK/Urdu
 *     "、" "．" "）" "：" "۔" (nothing needs to follow); "(1)"; "#1"; a prefixed number
 *     ("No. 1:", "Rank 2", "Platz 3", "第1名", "อันดับ 1", "1位", "1위"); keycap digits
 *     ("1️⃣", "🔟": the keycap is the number); circled numbers ("①"); Chinese numerals with
 *     "、" ("一、"). The rank is the number written, not the item's position.
 *   - an ordinal word first..tenth of any setup language ("Second", "第一", "첫째", "أولاً")
 *     or an ordinal number ("1st", "2e", "3º") that begins a label: followed by a rank noun
 *     ("First place", "Third pick", "First up is X", "第一名"), or by ":" / a dash / the end
 *     of bold or italics / "." or ")" right after it / the end of the line within the next 32
 *     characters ("**Second Easiest: X**", "### Third pick – X", "Second: X"). A comma or a
 *     sentence end first makes it the adverb of ordinary prose ("First, preheat the oven"),
 *     and an ordinal in the middle of a line is never a marker. On a plain paragraph line
 *     (no bullet, heading, quote, emphasis or symbol before it) only a rank noun or a label
 *     sign (":", a dash, the end of the line) right after the ordinal makes it a label:
 *     "First: X" and "First up is X" rank, "First impressions matter: X wins." does not
 *     (an ordinal names a rank as the first word of a list line or heading).
 *   - a medal (🥇 🥈 🥉) when no other marker follows it on the line.
 *   - CJK forms: "【1位】", "**1位:**", ties "1位タイ" / "同率1位" (the same rank
 *     for each), "その1", "1순위", and "TOP1：" / "Top 1:" (only with a label sign after the
 *     number: "Top 10 shoes" is a title).
 *   Numbers above 20 are not ranked but still end the item before them. Document structure is
 *   not a marker: decimal section numbers ("2.1", "2-1."), chapters and parts ("第1章", "第2節",
 *   "제1장", "パート1").
 * - Numbered "#" section headings of a report ("## 1." ... "## 6."): when a section of that
 *   level holds ranked items of its own (a numbered list, rank markers, a ranking table) or
 *   decimal subsections ("### 2.1"), the headings of that level are section numbers: they
 *   rank only a brand named on their own line ("## 1. Sony"), never the first brand beneath.
 *   Otherwise a numbered heading is a header (below) and ranks the first brand beneath it.
 * - Tables. A markdown table whose header has a rank column ("#", "Rank", "Position", "排名",
 *   ...) ranks each row by the number in that column; a table without one whose header row,
 *   or the line above it, says it is ranked ("Ranked by ...", "Ranking") ranks its rows
 *   1, 2, 3 ... in order. A row's lead is its first cell that is not the rank column. A table
 *   whose columns are the ranks ("| 用途 | 1位 | 2位 |", "| 第1名 | 第2名 |") ranks every cell
 *   by its column; a brand takes the rank of the first (lowest) column it appears in.
 * - Where an item ends, one rule for every item whatever its position: at the next marker,
 *   table, horizontal rule or heading (a "#" line or a line that is entirely bold). A list
 *   item also ends at a blank line followed by an unindented line that is not a bullet (the
 *   list is over: markdown's own rule). A header item is a section and owns the paragraphs
 *   under it up to the next marker or heading of its level or above: its marker is on a "#"
 *   heading, or its text is entirely bold, or it is a short label without a full stop that
 *   stands alone (a blank line after it, and not the next line of a tight list):
 *   "1. Best for small teams". So "1. X\n2. Y\n\nIn short, Z" ends item 2 before "In short"
 *   exactly as it ends item 1 before "2.", and the paragraphs under "1. Best for small teams"
 *   belong to it whether it is the first header or the last.
 * - An item's lead is the text after its label: its bold opening segment, or its text up to
 *   the first ":", a spaced dash, an en/em dash or the end of its first sentence or line.
 * - Which brands an item ranks (its subjects): every brand named anywhere on the
 *   item's own line, after the bold label too ("2. **Model 3**: Built by Tesla" ranks Tesla
 *   2; "1. **Battery life:** Garmin and Coros ..." ranks both 1: a list of criteria is still a
 *   numbered list; "1. Nike and Adidas" is a tie). If its own line names none (a header such
 *   as "1. Best for small teams"), the first brand named in its body (following lines,
 *   sub-bullets, the paragraphs of a header), and only that one: the rest of a body compares
 *   and explains. A table row's own line is its lead cell; its other cells are its body.
 * - When a brand is the subject of several items, the first in document order wins: an
 *   answer leads with its main ranking, and later lists (budget picks, alternatives) restart
 *   their numbering, so a later "1." should not override the rank the answer opened with.
 * - Brands that are no item's subject are absent from the result (never 0).
 */
import { type BrandDef, findAllBrandSpans } from './brands'
import { stripNonCountable } from './mentions'
import {
  CIRCLED_NUMBERS,
  CJK_NUMERALS,
  DIGIT_ZEROS,
  HANGUL_PARTICLES,
  LABEL_PREFIXES,
  NUMBER_SUFFIXES,
  ORDINAL_NUMBER_SUFFIXES,
  ORDINAL_PREFIXES,
  ORDINAL_WORDS,
  RANK_COLUMN_HEADERS,
  RANK_NOUNS,
  RANK_PREFIXES,
  RANK_SYMBOLS,
  RANKED_CUES,
  STRUCTURE_NOUNS,
} from './rank-markers'

export const MAX_LIST_RANK = 20

/** English ordinals ("first to tenth"); every language's are in rank-markers.ts. */
export const ORDINALS = ORDINAL_WORDS.en.map((forms) => forms[0])

// ---------------------------------------------------------------------------
// Matchers built once from the data

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const ARABIC_LETTER = /\p{sc=Arabic}/u
const ARABIC_MARKS = /[\u064B-\u065F\u0670]/gu
const UNSPACED_CHAR = /[\p{sc=Han}\p{scx=Hira}\p{scx=Kana}\p{sc=Thai}\p{sc=Hangul}]/u
const HANGUL_CHAR = /\p{sc=Hangul}/u
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u

/** Regex source of one word: flexible inner spaces, either apostrophe, optional Arabic vowel marks. */
function wordSource(word: string): string {
  const bare = word.normalize('NFC').replace(ARABIC_MARKS, '')
  let out = ''
  for (const ch of bare) {
    if (ch === ' ') out += '[ \\t]+'
    else if (ch === "'" || ch === '’') out += "['’]"
    else out += escapeRegex(ch) + (ARABIC_LETTER.test(ch) ? '[\\u064B-\\u065F\\u0670]*' : '')
  }
  return out
}

/** The key a written ordinal is looked up by. */
function ordinalKey(s: string): string {
  return s.normalize('NFC').replace(ARABIC_MARKS, '').replace(/’/g, "'").replace(/\s+/g, ' ').toLowerCase()
}

function alternation(words: readonly string[]): string {
  const forms = new Set<string>()
  for (const w of words) for (const f of [w.normalize('NFC'), w.normalize('NFD')]) forms.add(f)
  return [...forms]
    .sort((a, b) => b.length - a.length)
    .map(wordSource)
    .join('|')
}

const ORDINAL_RANK = new Map<string, number>()
const ordinalsByInitial = new Map<string, string[]>()
for (const ranks of Object.values(ORDINAL_WORDS)) {
  ranks.forEach((forms, i) => {
    for (const w of forms) {
      const key = ordinalKey(w)
      if (!ORDINAL_RANK.has(key)) ORDINAL_RANK.set(key, i + 1)
      const initial = key.charAt(0)
      const list = ordinalsByInitial.get(initial) ?? []
      list.push(w)
      ordinalsByInitial.set(initial, list)
    }
  })
}
/** One sticky regex per initial letter, so a line start is only tried against a few words. */
const ORDINAL_BY_INITIAL = new Map([...ordinalsByInitial].map(([k, words]) => [k, new RegExp(alternation(words), 'iuy')]))

const DIGIT = '[' + DIGIT_ZEROS.map((z) => `\\u{${z.toString(16)}}-\\u{${(z + 9).toString(16)}}`).join('') + ']'
const DIGIT_RE = new RegExp(DIGIT, 'u')

function digitValue(cp: number): number {
  for (const z of DIGIT_ZEROS) if (cp >= z && cp <= z + 9) return cp - z
  return -1
}
function numberOf(digits: string): number {
  let n = 0
  for (const ch of digits) n = n * 10 + digitValue(ch.codePointAt(0)!)
  return n
}
function cjkNumber(s: string): number {
  const v = (ch: string) => CJK_NUMERALS.indexOf(ch) + 1
  if (s.length === 1) return v(s)
  if (s === '二十') return 20
  return s[0] === '十' ? 10 + v(s[1]) : 0
}

const CJK_DIGIT = `[${CJK_NUMERALS.slice(0, 9).join('')}]`
const KEYCAP = /([0-9])\uFE0F?\u20E3(?:([0-9])\uFE0F?\u20E3)?/y
const HASH_NUM = new RegExp(`#(${DIGIT}{1,2})(?!${DIGIT})(?![\\p{L}])`, 'uy')
const PREFIX_NUM = new RegExp(`(?:${alternation(RANK_PREFIXES)})[ \\t]*#?[ \\t]*(${DIGIT}{1,2})(?!${DIGIT})(?:${alternation(NUMBER_SUFFIXES)})?`, 'iuy')
/** "TOP1：", "Top 1:" (a label sign or 位/名 must follow the number). */
const LABEL_NUM = new RegExp(`(?:${alternation(LABEL_PREFIXES)})[ \\t]*(${DIGIT}{1,2})(?!${DIGIT})(?=[ \\t]*[:：.、)）\\]】]|位|名)(?:位|名)?`, 'iuy')
/** "第1章", "제1장": the number is the document's structure. */
const STRUCTURE_NOUN = new RegExp(`[ \\t]*(?:${alternation(STRUCTURE_NOUNS)})`, 'uy')
/** "第1", "第1名", "第一名" ("第一" alone is an ordinal word: "第一，" is prose). */
const DI_NUM = new RegExp(`第[ \\t]*(?:(${DIGIT}{1,2})(?:${alternation(NUMBER_SUFFIXES)})?|(二十|十${CJK_DIGIT}?|${CJK_DIGIT})(?:${alternation(NUMBER_SUFFIXES)}))`, 'uy')
const PAREN_NUM = new RegExp(`[(（](${DIGIT}{1,2})[)）]`, 'uy')
const ORD_NUM = new RegExp(`(${DIGIT}{1,2})(?:${alternation(ORDINAL_NUMBER_SUFFIXES)})(?![\\p{L}\\p{N}])`, 'iuy')
const SUFFIX_NUM = new RegExp(`(${DIGIT}{1,2})(?:${alternation(NUMBER_SUFFIXES)})`, 'uy')
/** "1." "1)" "1:" "1-" (ASCII: checked further below) or "1、" "１．" "1）" "1：" "۱۔". */
const PLAIN_NUM = new RegExp(`(${DIGIT}{1,2})(?:([.):])|([．）：、۔])|(-)(?=[ \\t]))`, 'uy')
const CJK_NUM = new RegExp(`(二十|十${CJK_DIGIT}?|${CJK_DIGIT})[、．.]`, 'uy')
/** After a numbered marker: a closing 】, optional punctuation or spaced dash, closing emphasis, spaces. */
const AFTER_MARKER = /[】〕］\]]?[ \t]*(?:[.):：、]|[-–—](?=[ \t]))?(?:\*\*|__)?[ \t]*/y
/** After "1." and the like: closing emphasis ("**1.** X") and spaces. */
const AFTER_PUNCT = /(?:\*\*|__)?[ \t]*/y
const ORDINAL_PREFIX = new RegExp(`(?:${alternation(ORDINAL_PREFIXES)})[ \\t]+`, 'iuy')
const RANK_NOUN = new RegExp(`[ \\t]*(?:${alternation(RANK_NOUNS)})`, 'iuy')
const initials = (words: readonly string[]) => new Set(words.map((w) => w.toLowerCase().charAt(0)))
const PREFIX_INITIALS = initials([...RANK_PREFIXES, ...LABEL_PREFIXES])
const ORDINAL_PREFIX_INITIALS = initials(ORDINAL_PREFIXES)
/** First characters (lower case) a line must start with to hold an ordinal marker. */
const ORDINAL_INITIALS = new Set([...ORDINAL_BY_INITIAL.keys(), ...ORDINAL_PREFIX_INITIALS])
/** First two characters (lower case, as one number) of every marker word: most prose lines fail this test. */
const lowerCode = (c: number) => (c < 128 ? (c >= 65 && c <= 90 ? c | 32 : c) : String.fromCharCode(c).toLowerCase().charCodeAt(0))
const WORD_STARTS = new Set<number>()
for (const w of [...Object.values(ORDINAL_WORDS).flat(2), ...ORDINAL_PREFIXES, ...RANK_PREFIXES, ...LABEL_PREFIXES]) {
  for (const f of [w.normalize('NFC'), w.normalize('NFD')]) {
    const l = f.toLowerCase()
    WORD_STARTS.add(l.charCodeAt(0) * 65536 + (l.length > 1 ? l.charCodeAt(1) : 0))
    if (l.length === 1) for (let c = 0; c < 128; c++) WORD_STARTS.add(l.charCodeAt(0) * 65536 + c)
  }
}
const RANK_SYMBOL = new RegExp([...Object.keys(RANK_SYMBOLS)].join('|'), 'u')

/**
 * What may come before a marker: indentation, "> " quotes, "#" heading marks, bullets,
 * emphasis, emoji and symbols (not "🔟" and "№", which are part of markers).
 */
const DECOR = new RegExp(
  String.raw`(?:[ \t]+|>|[【〔［]|#{1,6}(?=[ \t])|[-+•·‣◦▪▫▸▹►➢➤➔→⇒⁃∙*][ \t]+|\*\*|__|\*|_|~~|(?![🔟№])[\p{Extended_Pictographic}\p{So}\p{Emoji_Modifier}\u{2190}-\u{21FF}]|\u{FE0F}|\u{200D}|\u{20E3})*`,
  'uy',
)
const SENTENCE_FINAL = /[.!?。！？؟۔।]["'”’)\]]*$/
/** From a line's first character: "#" heading marks (after an optional "> "). */
const HEADING = /(?:>[ \t]*)?(#{1,6})(?=[ \t\r\n]|$)/y
/** Text that is entirely bold up to the end of its line, optionally followed by a colon. */
const ALL_BOLD = /(?:\*\*|__)[^*_\n]+(?:\*\*|__)[ \t]*[:：]?[ \t]*\r?$/my
/** Bullets, emoji and symbols before a bold line ("- **X**", "🏆 **X**"). */
const BOLD_PREFIX = /(?:[-*+•][ \t]+)?(?:(?:[\p{Extended_Pictographic}\p{So}]|\u{FE0F}|\u{200D})[ \t]*)*/uy
const RULE = /([-*_])(?:[ \t]*\1){2,}[ \t]*\r?$/my
/** Between two bold names of a tie: "and", "&", ",", "/" (then the next bold segment opens). */
const TIED_BOLD = /(?:[ \t]*[,&/][ \t]*|[ \t]+(?:and|und|et|y|e|и|i|ve)[ \t]+)(\*\*|__)(?=[^\s*_])/iuy
const LEAD_END = /[:：]|[ \t][-–—][ \t]|[–—]|[.!?؟۔।](?=\s|$)|[。！？]|\n/g
const LABEL_WINDOW = 32
const MAX_HEADER_LABEL = 100

const TABLE_SEPARATOR = /[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?$/my
const RANK_HEADER_SET = new Set(RANK_COLUMN_HEADERS.map(ordinalKey))
const RANKED_CUE = new RegExp(
  RANKED_CUES.map((w) => (UNSPACED_CHAR.test(w) ? wordSource(w) : `(?<![\\p{L}\\p{N}])${wordSource(w)}(?![\\p{L}\\p{N}])`)).join('|'),
  'iu',
)

// ---------------------------------------------------------------------------
// Markers

interface Marker {
  /** 1..20; 0 for numbers above 20 (not ranked, but they end the item before). */
  rank: number
  bodyStart: number
  /** Where the lead is read from (after an ordinal's label). */
  leadStart: number
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch)
}

/** After an ordinal word ending at `end`: is the word complete (not the start of a longer word)? */
function ordinalBoundary(text: string, word: string, end: number): boolean {
  const last = word.charAt(word.length - 1)
  const next = text.charAt(end)
  if (HANGUL_CHAR.test(last)) {
    if (!HANGUL_CHAR.test(next)) return true
    return HANGUL_PARTICLES.some((p) => text.startsWith(p, end) && !HANGUL_CHAR.test(text.charAt(end + p.length)))
  }
  if (UNSPACED_CHAR.test(last)) return true
  if (isWordChar(next)) return false
  // "Second-hand", "First-time buyers:" are compounds, not ordinals
  return !((next === '-' || next === '‐') && isWordChar(text.charAt(end + 1)))
}

function rankNounAt(text: string, at: number): number {
  RANK_NOUN.lastIndex = at
  const m = RANK_NOUN.exec(text)
  if (!m) return -1
  const end = at + m[0].length
  const last = m[0].charAt(m[0].length - 1)
  return UNSPACED_CHAR.test(last) || !isWordChar(text.charAt(end)) ? end : -1
}

/**
 * Where the lead starts if the ordinal ending at `end` begins a label; -1 if it is the
 * adverb of a prose sentence ("First, preheat the oven"). On a plain line (no bullet, heading
 * or emphasis) only a rank noun or a label sign right after the ordinal makes it a label:
 * "First impressions matter: Nike wins." is prose.
 */
function labelLeadStart(text: string, end: number, lineEnd: number, plain: boolean): number {
  let k = end
  while (text.charAt(k) === '*' || text.charAt(k) === '_') k++
  const c0 = text.charAt(k)
  if (c0 === ',' || c0 === '，' || c0 === '،' || c0 === ';') return -1
  if (k > end) return k // "**First** X": the emphasis closes the label
  if (c0 === '.' || c0 === ')' || c0 === '）' || c0 === '．' || c0 === '、') return end + 1
  const nounEnd = rankNounAt(text, end)
  if (plain && nounEnd < 0) {
    let j = end
    // a Korean particle on the ordinal ("첫 번째로 X", "두 번째는 X") makes it the label
    const particle = HANGUL_CHAR.test(text.charAt(end)) ? HANGUL_PARTICLES.find((p) => text.startsWith(p, end)) : undefined
    if (particle) {
      j = end + particle.length
      while (isSpace(text.charCodeAt(j))) j++
      return text.charAt(j) === ',' ? -1 : j
    }
    while (isSpace(text.charCodeAt(j))) j++
    const c = text.charAt(j)
    if (j >= lineEnd || text.charCodeAt(j) === 13) return j
    if (c === ':' || c === '：' || c === '–' || c === '—') return j + 1
    if (c === '-' && j > end && isSpace(text.charCodeAt(j + 1))) return j + 1
    return -1
  }
  const from = nounEnd >= 0 ? nounEnd : end
  const fallback = nounEnd >= 0 ? nounEnd : -1
  const limit = Math.min(lineEnd, from + LABEL_WINDOW)
  for (let j = from; j < limit; j++) {
    const ch = text.charAt(j)
    if (ch === ':' || ch === '：' || ch === '–' || ch === '—') return j + 1
    if (ch === '-' && (text.charAt(j - 1) === ' ' || text.charAt(j - 1) === '\t') && (text.charAt(j + 1) === ' ' || text.charAt(j + 1) === '\t')) return j + 1
    if (ch === '*' || (ch === '_' && text.charAt(j + 1) === '_')) {
      let k = j
      while (text.charAt(k) === ch) k++
      return k
    }
    if (ch === ',' || ch === '，' || ch === '،' || ch === ';' || ch === '。' || ch === '！' || ch === '？') return fallback
    if ((ch === '.' || ch === '!' || ch === '?') && (j + 1 >= lineEnd || /\s/.test(text.charAt(j + 1)))) return fallback
  }
  return limit === lineEnd ? from : fallback
}

/** An ordinal word (or "1st") at `at` that begins a label, as a marker; `plain`: nothing before it on its line. */
function ordinalMarker(text: string, at: number, lineEnd: number, plain: boolean): Marker | undefined {
  let p = at
  let prefix: RegExpExecArray | null = null
  if (ORDINAL_PREFIX_INITIALS.has(text.charAt(at).toLowerCase())) {
    ORDINAL_PREFIX.lastIndex = at
    prefix = ORDINAL_PREFIX.exec(text)
    if (prefix) p += prefix[0].length
  }
  let rank = 0
  let end = -1
  const re = ORDINAL_BY_INITIAL.get(text.charAt(p).toLowerCase().charAt(0))
  if (re) {
    re.lastIndex = p
    const m = re.exec(text)
    if (m && ordinalBoundary(text, m[0], p + m[0].length)) {
      rank = ORDINAL_RANK.get(ordinalKey(m[0])) ?? 0
      end = p + m[0].length
    }
  }
  if (end < 0 && !prefix) {
    ORD_NUM.lastIndex = at
    const m = ORD_NUM.exec(text)
    if (m) {
      rank = numberOf(m[1])
      end = at + m[0].length
    }
  }
  if (end < 0 || rank < 1) return undefined
  const lead = labelLeadStart(text, end, lineEnd, plain)
  if (lead < 0) return undefined
  return { rank: rank <= MAX_LIST_RANK ? rank : 0, bodyStart: end, leadStart: lead }
}

function numbered(text: string, at: number, n: number, end: number, after: RegExp): Marker {
  after.lastIndex = end
  const m = after.exec(text)
  const bodyStart = end + (m ? m[0].length : 0)
  return { rank: n >= 1 && n <= MAX_LIST_RANK ? n : 0, bodyStart, leadStart: bodyStart }
}

/**
 * The marker at `at` (after the line's decoration), if any. `plain`: the line is ordinary text (no bullet, heading,
 * quote, emphasis or symbol before `at`), where an ordinal word names a rank only as a tight label.
 */
function markerAt(text: string, at: number, lineEnd: number, decor: string, plain = false): Marker | undefined {
  if (at >= lineEnd) return undefined
  const c = text.charAt(at)
  const cc = text.charCodeAt(at)
  if ((cc >= 97 && cc <= 122) || (cc >= 65 && cc <= 90)) {
    if (!WORD_STARTS.has((cc | 32) * 65536 + lowerCode(text.charCodeAt(at + 1)))) return symbolMarker(at, decor)
    return wordMarker(text, at, lineEnd, decor, String.fromCharCode(cc | 32), plain)
  }
  const code = text.codePointAt(at)!
  let m: RegExpExecArray | null
  if (c >= '0' && c <= '9') {
    KEYCAP.lastIndex = at
    if ((m = KEYCAP.exec(text))) return numbered(text, at, Number(m[1] + (m[2] ?? '')), at + m[0].length, AFTER_MARKER)
  }
  if (c === '#') {
    HASH_NUM.lastIndex = at
    if ((m = HASH_NUM.exec(text))) return numbered(text, at, numberOf(m[1]), at + m[0].length, AFTER_MARKER)
    return undefined
  }
  if (c === '第') {
    DI_NUM.lastIndex = at
    if ((m = DI_NUM.exec(text))) {
      if (structureAt(text, at + m[0].length)) return undefined
      return numbered(text, at, m[1] ? numberOf(m[1]) : cjkNumber(m[2]), at + m[0].length, AFTER_MARKER)
    }
  }
  if (c === '(' || c === '（') {
    PAREN_NUM.lastIndex = at
    if ((m = PAREN_NUM.exec(text))) return numbered(text, at, numberOf(m[1]), at + m[0].length, AFTER_MARKER)
    return undefined
  }
  if (code > 0xffff) {
    const symbol = RANK_SYMBOLS[String.fromCodePoint(code)]
    if (symbol) return numbered(text, at, symbol, at + 2, AFTER_MARKER)
  }
  for (const { first, count } of CIRCLED_NUMBERS) {
    if (code >= first && code < first + count) return numbered(text, at, code - first + 1, at + 1, AFTER_MARKER)
  }
  if (DIGIT_RE.test(c)) {
    ORD_NUM.lastIndex = at
    if (ORD_NUM.test(text)) return ordinalMarker(text, at, lineEnd, plain)
    SUFFIX_NUM.lastIndex = at
    if ((m = SUFFIX_NUM.exec(text))) return numbered(text, at, numberOf(m[1]), at + m[0].length, AFTER_MARKER)
    PLAIN_NUM.lastIndex = at
    if ((m = PLAIN_NUM.exec(text))) {
      const end = at + m[0].length
      if (m[2] !== undefined || m[4] !== undefined) {
        // ASCII punctuation: not "4.5" or "10:30"; a space, emphasis or a non-Latin letter follows
        const next = text.charAt(end)
        if (DIGIT_RE.test(next)) return undefined
        if (!(next === ' ' || next === '\t' || next === '*' || next === '_' || (next > '\x7f' && !/\s/.test(next)))) return undefined
      }
      return numbered(text, at, numberOf(m[1]), end, AFTER_PUNCT)
    }
    return undefined
  }
  if (c >= '一' && c <= '龥') {
    CJK_NUM.lastIndex = at
    if ((m = CJK_NUM.exec(text))) return numbered(text, at, cjkNumber(m[1]), at + m[0].length, AFTER_PUNCT)
  }
  return wordMarker(text, at, lineEnd, decor, c.toLowerCase().charAt(0), plain)
}

/** A prefixed number ("No. 1", "Platz 2") or an ordinal label at `at`, else a medal in the decoration. */
function wordMarker(text: string, at: number, lineEnd: number, decor: string, initial: string, plain: boolean): Marker | undefined {
  if (PREFIX_INITIALS.has(initial)) {
    PREFIX_NUM.lastIndex = at
    const m = PREFIX_NUM.exec(text)
    if (m) return structureAt(text, at + m[0].length) ? undefined : numbered(text, at, numberOf(m[1]), at + m[0].length, AFTER_MARKER)
    LABEL_NUM.lastIndex = at
    const t = LABEL_NUM.exec(text)
    if (t) return numbered(text, at, numberOf(t[1]), at + t[0].length, AFTER_MARKER)
  }
  if (ORDINAL_INITIALS.has(initial)) {
    const ordinal = ordinalMarker(text, at, lineEnd, plain)
    if (ordinal) return ordinal
  }
  return symbolMarker(at, decor)
}

/** Does a chapter or section noun ("章", "장") follow the number ending at `end`? */
function structureAt(text: string, end: number): boolean {
  STRUCTURE_NOUN.lastIndex = end
  return STRUCTURE_NOUN.test(text)
}

/** A medal in the decoration with no other marker after it: "🥇 Brand". */
function symbolMarker(at: number, decor: string): Marker | undefined {
  if (!decor) return undefined
  const symbol = RANK_SYMBOL.exec(decor)
  return symbol ? { rank: RANK_SYMBOLS[symbol[0]], bodyStart: at, leadStart: at } : undefined
}

// ---------------------------------------------------------------------------
// Lines and items

/** Per-line flags. */
const BLANK = 1
const MARKER = 2
const TABLE = 4
const RULE_LINE = 8
/** Heading level of an unmarked line (1-6 "#", 7 entirely bold) is stored from this bit up. */
const HEADING_SHIFT = 4

/** A ranked item with absolute offsets into the countable text. */
export interface ItemRange {
  rank: number
  leadStart: number
  leadEnd: number
  bodyStart: number
  /** End of the item's own line (a table row: of its lead cell); names before it rank first. */
  lineEnd: number
  bodyEnd: number
  /** A cell of a table whose columns are the ranks: the header line of that table. */
  columnTable?: number
  /** A numbered section heading of a report: ranks the brands on its own line only. */
  section?: boolean
}

interface Lines {
  start: number[]
  end: number[]
  flags: number[]
}

interface Draft {
  line: number
  marker: Marker
  /** 1-6 "#" heading, 7 bold, 8 plain. */
  level: number
  header: boolean
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9
}

function nextNonSpace(text: string, from: number, to: number): number {
  while (from < to && isSpace(text.charCodeAt(from))) from++
  return from < to ? text.charCodeAt(from) : -1
}

/** Bullet or indentation at the line start: such a line continues a list item after a blank line. */
function continuesList(text: string, start: number): boolean {
  const c = text.charCodeAt(start)
  if (isSpace(c)) return true
  return (c === 45 || c === 42 || c === 43 || c === 0x2022) && isSpace(text.charCodeAt(start + 1))
}

/** Is [from, lineEnd) entirely bold (after bullets, emoji and symbols)? */
function allBold(text: string, from: number, lineEnd: number): boolean {
  let e = lineEnd
  while (e > from && (isSpace(text.charCodeAt(e - 1)) || text.charCodeAt(e - 1) === 13)) e--
  if (e > from && (text.charCodeAt(e - 1) === 58 || text.charCodeAt(e - 1) === 0xff1a)) e--
  while (e > from && isSpace(text.charCodeAt(e - 1))) e--
  const last = text.charCodeAt(e - 1)
  if (last !== 42 && last !== 95) return false
  BOLD_PREFIX.lastIndex = from
  const p = BOLD_PREFIX.exec(text)
  ALL_BOLD.lastIndex = from + (p ? p[0].length : 0)
  return ALL_BOLD.test(text)
}

function splitCells(text: string, start: number, end: number): Array<[number, number]> {
  const cells: Array<[number, number]> = []
  let from = start
  for (let i = start; i <= end; i++) {
    if (i === end || (text.charAt(i) === '|' && text.charAt(i - 1) !== '\\')) {
      let s = from
      let e = i
      while (s < e && /[\s*_`]/.test(text.charAt(s))) s++
      while (e > s && /[\s*_`]/.test(text.charAt(e - 1))) e--
      cells.push([s, e])
      from = i + 1
    }
  }
  // a leading and a trailing pipe leave empty cells at the ends
  const row = text.slice(start, end)
  if (cells.length && cells[0][0] === cells[0][1] && row.trimStart().startsWith('|')) cells.shift()
  if (cells.length && cells[cells.length - 1][0] === cells[cells.length - 1][1] && row.trimEnd().endsWith('|')) cells.pop()
  return cells
}

const CELL_NUMBER = new RegExp(`^[^\\p{L}\\p{N}]*(${DIGIT}{1,2})(?!${DIGIT})`, 'u')

/** The rank written in a table cell ("1", "#1", "**1.**", "🥇", "1️⃣", "1st", "First", "第一"). */
function rankInCell(text: string, s: number, e: number): number {
  const cell = text.slice(s, e)
  DECOR.lastIndex = 0
  const d = DECOR.exec(cell)
  const inner = cell.slice(d ? d[0].length : 0) + '\n'
  const m = markerAt(inner, 0, inner.length - 1, d ? d[0] : '')
  if (m && m.rank > 0) return m.rank
  const digits = CELL_NUMBER.exec(inner)
  if (digits) {
    const n = numberOf(digits[1])
    return n <= MAX_LIST_RANK ? n : 0
  }
  const word = ORDINAL_RANK.get(ordinalKey(inner.trim()))
  if (word) return word
  const symbol = RANK_SYMBOL.exec(cell)
  return symbol ? RANK_SYMBOLS[symbol[0]] : 0
}

function isTableLine(text: string, start: number, end: number): boolean {
  let i = start
  while (i < end && isSpace(text.charCodeAt(i))) i++
  return text.charCodeAt(i) === 124
}

/**
 * Items of the table whose header row is line h (its separator is h + 1), pushed to out;
 * returns the table's last line.
 */
function tableItems(text: string, lines: Lines, h: number, out: ItemRange[]): number {
  const n = lines.start.length
  let last = h + 1
  while (last + 1 < n && isTableLine(text, lines.start[last + 1], lines.end[last + 1])) last++
  for (let i = h; i <= last; i++) lines.flags[i] = TABLE
  const header = splitCells(text, lines.start[h], lines.end[h])
  // a rank column is named so and holds ranks ("| Ranking | ... |" over brand names is a cue instead)
  const firstRow = h + 2 <= last ? splitCells(text, lines.start[h + 2], lines.end[h + 2]) : []
  const rankCol = header.findIndex(([s, e], k) => RANK_HEADER_SET.has(ordinalKey(text.slice(s, e))) && firstRow[k] !== undefined && rankInCell(text, firstRow[k][0], firstRow[k][1]) > 0)
  if (rankCol < 0 && columnItems(text, lines, h, last, header, out)) return last
  let ranked = rankCol >= 0 || RANKED_CUE.test(text.slice(lines.start[h], lines.end[h]))
  for (let i = h - 1, seen = 0; !ranked && i >= 0 && seen < 2; i--) {
    if (lines.flags[i] & BLANK) continue
    seen++
    ranked = RANKED_CUE.test(text.slice(lines.start[i], lines.end[i]))
  }
  if (!ranked) return last
  let position = 0
  for (let i = h + 2; i <= last; i++) {
    const cells = splitCells(text, lines.start[i], lines.end[i])
    if (cells.length === 0) continue
    position++
    const rank = rankCol >= 0 ? (cells[rankCol] ? rankInCell(text, cells[rankCol][0], cells[rankCol][1]) : 0) : position <= MAX_LIST_RANK ? position : 0
    const lead = cells.find(([s, e], k) => k !== rankCol && e > s)
    if (rank < 1 || !lead) continue
    out.push({ rank, leadStart: lead[0], leadEnd: lead[1], bodyStart: lines.start[i], lineEnd: lead[1], bodyEnd: lines.end[i] })
  }
  return last
}

/**
 * A table whose columns are the ranks ("| 用途 | 1位 | 2位 |", "| 第1名 | 第2名 |"): at least two header cells
 * that are rank markers (not bare numbers). Every cell under one is an item of that rank; pushed to out.
 */
function columnItems(text: string, lines: Lines, h: number, last: number, header: Array<[number, number]>, out: ItemRange[]): boolean {
  const ranks = header.map(([s, e]) => (/^\d+$/.test(text.slice(s, e)) ? 0 : rankInCell(text, s, e)))
  if (ranks.filter((r) => r > 0).length < 2) return false
  for (let i = h + 2; i <= last; i++) {
    splitCells(text, lines.start[i], lines.end[i]).forEach(([s, e], k) => {
      if (ranks[k] > 0 && e > s) out.push({ rank: ranks[k], leadStart: s, leadEnd: e, bodyStart: s, lineEnd: e, bodyEnd: e, columnTable: h })
    })
  }
  return true
}

/** Is line i followed by a blank line (or the end)? */
function nextIsBlank(text: string, end: number): boolean {
  let i = end
  if (text.charCodeAt(i) === 13) i++
  if (i >= text.length) return true
  i++ // the '\n'
  while (i < text.length && (isSpace(text.charCodeAt(i)) || text.charCodeAt(i) === 13)) i++
  return i >= text.length || text.charCodeAt(i) === 10
}

function isHeaderLabel(text: string, from: number, to: number): boolean {
  while (from < to && isSpace(text.charCodeAt(from))) from++
  while (to > from && (isSpace(text.charCodeAt(to - 1)) || text.charCodeAt(to - 1) === 13)) to--
  return to - from <= MAX_HEADER_LABEL && !SENTENCE_FINAL.test(text.slice(Math.max(from, to - 4), to))
}

/**
 * One pass over the lines: their flags, the markers (drafts) and the table rows. Plain lines
 * cost a character test or two; only lines that can hold a marker or a heading run regexes.
 */
function scan(text: string, tables: ItemRange[]): { lines: Lines; drafts: Draft[] } {
  const lines: Lines = { start: [], end: [], flags: [] }
  const drafts: Draft[] = []
  let pos = 0
  const len = text.length
  while (pos <= len) {
    let nl = text.indexOf('\n', pos)
    if (nl < 0) nl = len
    lines.start.push(pos)
    lines.end.push(nl)
    lines.flags.push(0)
    pos = nl + 1
  }
  const n = lines.start.length
  for (let i = 0; i < n; i++) {
    const start = lines.start[i]
    const end = lines.end[i]
    let first = start
    while (first < end && isSpace(text.charCodeAt(first))) first++
    if (first >= end || (first === end - 1 && text.charCodeAt(first) === 13)) {
      lines.flags[i] = BLANK
      continue
    }
    const c = text.charCodeAt(first)
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
    if (letter && !WORD_STARTS.has((c | 32) * 65536 + lowerCode(text.charCodeAt(first + 1)))) continue
    let at = first
    let decor = ''
    let heading = 0
    if (!letter && !(c >= 48 && c <= 57)) {
      if (c === 124 && i + 1 < n) {
        TABLE_SEPARATOR.lastIndex = lines.start[i + 1]
        if (TABLE_SEPARATOR.test(text) && text.slice(lines.start[i + 1], lines.end[i + 1]).includes('-')) {
          i = tableItems(text, lines, i, tables)
          continue
        }
      }
      if ((c === 45 || c === 42 || c === 95) && nextNonSpace(text, first + 1, end) === c) {
        RULE.lastIndex = first
        if (RULE.test(text)) {
          lines.flags[i] = RULE_LINE
          continue
        }
      }
      if ((c === 35 || c === 62) && first - start <= 3) {
        HEADING.lastIndex = first
        const h = HEADING.exec(text)
        if (h) heading = h[1].length
      }
      DECOR.lastIndex = start
      if (DECOR.test(text)) {
        at = DECOR.lastIndex
        // the decoration is only read for medals, which are astral characters
        for (let k = start; k < at; k++) {
          if (text.charCodeAt(k) >= 0xd800 && text.charCodeAt(k) <= 0xdbff) {
            decor = text.slice(start, at)
            break
          }
        }
      }
    }
    const m = markerAt(text, at, end, decor, at === first)
    if (!m) {
      if (heading) lines.flags[i] = heading << HEADING_SHIFT
      else if (first - start <= 3 && !continuesList(text, first) && allBold(text, first, end)) lines.flags[i] = 7 << HEADING_SHIFT
      continue
    }
    lines.flags[i] = MARKER
    const bold = allBold(text, first, end) || allBold(text, m.bodyStart, end)
    const level = heading || (bold ? 7 : 8)
    // a plain line is a header when it stands alone: not the next line of a tight list, a
    // blank line after it, and a short label without a full stop
    const tight = i > 0 && (lines.flags[i - 1] & MARKER || (!(lines.flags[i - 1] & BLANK) && continuesList(text, lines.start[i - 1])))
    const header = level < 8 || (!tight && nextIsBlank(text, end) && isHeaderLabel(text, m.bodyStart, end))
    drafts.push({ line: i, marker: m, level, header })
  }
  return { lines, drafts }
}

/** End of the item of draft d (see the boundary rule at the top). */
function itemEnd(text: string, lines: Lines, d: Draft): number {
  const n = lines.start.length
  for (let l = d.line + 1; l < n; l++) {
    const f = lines.flags[l]
    if (f & (MARKER | TABLE | RULE_LINE)) return lines.start[l]
    const heading = f >> HEADING_SHIFT
    if (heading > 0 && heading <= d.level) return lines.start[l]
    if (!d.header && f & BLANK) {
      let k = l + 1
      while (k < n && lines.flags[k] & BLANK) k++
      if (k >= n) return lines.start[l]
      if (lines.flags[k] === 0 && !continuesList(text, lines.start[k])) return lines.start[l]
    }
  }
  return text.length
}

function leadOf(text: string, leadStart: number, bodyEnd: number): [number, number] {
  const nl = text.indexOf('\n', leadStart)
  const limit = nl >= 0 && nl < bodyEnd ? nl : bodyEnd
  let s = leadStart
  while (s < limit && isSpace(text.charCodeAt(s))) s++
  // a separator left after a label ("*Second* - X", "Premier choix : X")
  if (s < limit && ':：-–—'.includes(text.charAt(s)) && (s + 1 >= limit || isSpace(text.charCodeAt(s + 1)))) {
    s++
    while (s < limit && isSpace(text.charCodeAt(s))) s++
  }
  let e = limit
  const open = text.startsWith('**', s) ? '**' : text.startsWith('__', s) ? '__' : ''
  let close = open ? text.indexOf(open, s + 2) : -1
  if (close >= 0 && close < limit) {
    s += 2
    e = close
    // a tie written in bold: "**Nike** and **Adidas**", "**Nike** & **Adidas**", "**Nike**, **Adidas**"
    for (let k = 0; k < 4; k++) {
      TIED_BOLD.lastIndex = close + 2
      const tie = TIED_BOLD.exec(text)
      const next = tie ? text.indexOf(open, TIED_BOLD.lastIndex) : -1
      if (!tie || tie[1] !== open || next < 0 || next >= limit) break
      e = close = next
    }
  } else {
    LEAD_END.lastIndex = s
    const stop = LEAD_END.exec(text)
    if (stop && stop.index < limit) e = stop.index
  }
  while (s < e && /[\s*_]/.test(text.charAt(s))) s++
  while (e > s && /[\s*_]/.test(text.charAt(e - 1))) e--
  return [s, e]
}

const DECIMAL_HEADING = /^[ \t]*(?:>[ \t]*)?#{1,6}[ \t]+(?:\*\*|__)?\d{1,2}[.-]\d{1,2}(?![\d])/

/**
 * The "#" levels whose numbered headings are a report's sections, not ranks: a section of that level
 * holds ranked items of its own (a numbered list, rank markers, a ranking table) or decimal
 * subsections ("### 2.1"). The ranks are then read inside the sections.
 */
function sectionLevels(text: string, lines: Lines, drafts: Draft[]): Set<number> {
  const out = new Set<number>()
  const n = lines.start.length
  const draftAt = new Map<number, Draft>()
  for (const d of drafts) draftAt.set(d.line, d)
  for (const d of drafts) {
    if (d.level > 6 || out.has(d.level)) continue
    for (let l = d.line + 1; l < n; l++) {
      const inner = draftAt.get(l)
      const f = lines.flags[l]
      const heading = f >> HEADING_SHIFT
      if (inner ? inner.level <= d.level : heading > 0 && heading <= d.level) break
      const decimal = heading > 0 && heading < 7 && DECIMAL_HEADING.test(text.slice(lines.start[l], lines.end[l]))
      if (inner || f & TABLE || decimal) {
        out.add(d.level)
        break
      }
    }
  }
  return out
}

/** The ranked items of already-stripped text, in document order. */
export function findItemRanges(text: string): ItemRange[] {
  if (!text) return []
  const tables: ItemRange[] = []
  const { lines, drafts } = scan(text, tables)
  const out: ItemRange[] = []
  const sections = sectionLevels(text, lines, drafts)
  for (const d of drafts) {
    if (d.marker.rank === 0) continue
    const bodyEnd = Math.max(d.marker.bodyStart, itemEnd(text, lines, d))
    const [ls, le] = leadOf(text, Math.min(d.marker.leadStart, bodyEnd), bodyEnd)
    const lineEnd = Math.min(lines.end[d.line], bodyEnd)
    const item: ItemRange = { rank: d.marker.rank, leadStart: ls, leadEnd: le, bodyStart: d.marker.bodyStart, lineEnd, bodyEnd }
    if (sections.has(d.level)) item.section = true
    out.push(item)
  }
  if (tables.length === 0) return out
  return [...out, ...tables].sort((a, b) => a.bodyStart - b.bodyStart)
}

export interface RankItem {
  rank: number
  lead: string
  body: string
}

/** The ranked items of the countable text, in document order (for tests and debugging). */
export function extractRankItems(text: string): RankItem[] {
  const stripped = stripNonCountable(text)
  return findItemRanges(stripped).map((r) => ({
    rank: r.rank,
    lead: stripped.slice(r.leadStart, r.leadEnd),
    body: stripped.slice(r.bodyStart, r.bodyEnd),
  }))
}

/** Index of the item whose body holds offset s, or -1 (bodies are disjoint and sorted). */
function itemAt(items: ItemRange[], s: number): number {
  let lo = 0
  let hi = items.length - 1
  let idx = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (items[mid].bodyStart <= s) {
      idx = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return idx >= 0 && s < items[idx].bodyEnd ? idx : -1
}

/** Does item i come before item j for a brand named in both? Document order, but in a column table the lower rank. */
function before(items: ItemRange[], i: number, j: number): boolean {
  if (j === Infinity) return true
  const t = items[i].columnTable
  return t !== undefined && t === items[j].columnTable ? items[i].rank < items[j].rank : i < j
}

/**
 * Rank per brand index from the items and the brands' match spans (flat [start, end, ...],
 * index-aligned with the brands): the first item whose subject the brand is (every brand on
 * the item's own line; if that line names none, the first brand in its body, except under a
 * report's section heading).
 */
export function ranksFromSpans(items: ItemRange[], spans: number[][]): Array<number | undefined> {
  const n = items.length
  const lineNamed: boolean[] = new Array(n).fill(false)
  const firstStart: number[] = new Array(n).fill(Infinity)
  for (const list of spans) {
    for (let k = 0; k < list.length; k += 2) {
      const s = list[k]
      const i = itemAt(items, s)
      if (i < 0) continue
      if (s < items[i].lineEnd) lineNamed[i] = true
      if (s < firstStart[i]) firstStart[i] = s
    }
  }
  return spans.map((list) => {
    let best = Infinity
    for (let k = 0; k < list.length; k += 2) {
      const s = list[k]
      const i = itemAt(items, s)
      if (i < 0 || !before(items, i, best)) continue
      if (s < items[i].lineEnd || (!lineNamed[i] && !items[i].section && s === firstStart[i])) best = i
    }
    return best === Infinity ? undefined : items[best].rank
  })
}

/**
 * Ranks for already-stripped text. spans (index-aligned with brands, see
 * findAllBrandSpans) may be passed when already computed, e.g. by parseAnswer.
 */
export function parseRankingsInStripped(stripped: string, brands: BrandDef[], spans?: number[][]): Record<string, number> {
  const out: Record<string, number> = {}
  const items = findItemRanges(stripped)
  if (items.length === 0) return out
  const ranks = ranksFromSpans(items, spans ?? findAllBrandSpans(brands, stripped))
  for (let i = 0; i < brands.length; i++) if (ranks[i] !== undefined) out[brands[i].name] = ranks[i]!
  return out
}

/** Brand name -> rank (1..20) from numbered lists, ordinal words and ranking tables; unranked brands absent. */
export function parseRankings(text: string, brands: BrandDef[]): Record<string, number> {
  return parseRankingsInStripped(stripNonCountable(text), brands)
}
