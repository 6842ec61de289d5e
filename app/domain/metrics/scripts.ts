/**
 * Word boundaries per writing system, for brand-name matching ("whole-word match"
 * read per script). The rule is chosen from the script of the name's first/last character
 * and of the neighbouring character in the text, never from the project language, since
 * answers mix scripts ("ソニーのテレビ", "Samsung은", "وأمازون").
 *
 * - Han, Kana, Thai (and Lao, Khmer, Myanmar): written without spaces, so such a name needs
 *   no boundary ("ユニクロは", "小米手机"); the caller makes sure a longer tracked name at the
 *   same place wins over it.
 * - Hangul: the left side is whole-word; on the right the name may be followed by particles
 *   and copula endings written together with it ("삼성전자는", "쿠팡에서도", "현대입니다").
 * - Arabic: the right side is whole-word; on the left the name may carry the one-letter
 *   proclitics و ف (and), ب ل ك (with/for/like) and the article ال ("وأمازون", "بالراجحي",
 *   "للأمازون" where ل + ال is written لل).
 * - Latin, Cyrillic, Greek, Devanagari and the rest: whole-word (no letter, mark or digit of
 *   the same kind on either side). A change of script counts as a boundary, so "Sonyの" and
 *   "Samsung은" are found.
 * - A match never ends just before a combining mark (it would split a character cluster,
 *   e.g. a Devanagari vowel sign).
 *
 * Intl.Segmenter is not used: it splits brand names (京东商城 -> 京|东|商|城, ユニクロ ->
 * ユニ|クロ, ซัมซุง -> ซัม|ซุง) and keeps Korean particles and Arabic proclitics attached.
 */

/** Character classes that decide the boundary rule. */
export const Cls = {
  None: 0,
  /** Letters of space-separated scripts without special rules (Latin, Cyrillic, Greek, Indic, ...). */
  Word: 1,
  Digit: 2,
  /** Scripts written without spaces between words: Han, Kana, Thai, Lao, Khmer, Myanmar. */
  Unspaced: 3,
  Hangul: 4,
  Arabic: 5,
  Mark: 6,
} as const
export type Cls = (typeof Cls)[keyof typeof Cls]

const LETTER_OR_MARK = /[\p{L}\p{M}\p{N}\u200c\u200d]/u
const MARK = /[\p{M}\u200c\u200d]/u
const DIGIT = /\p{N}/u
const UNSPACED = /[\p{sc=Han}\p{scx=Hira}\p{scx=Kana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u
const HANGUL = /\p{sc=Hangul}/u
const ARABIC = /\p{sc=Arabic}/u

export function classOf(ch: string): Cls {
  if (ch === '') return Cls.None
  const c = ch.charCodeAt(0)
  if (c < 128) {
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return Cls.Word
    if (c >= 48 && c <= 57) return Cls.Digit
    return Cls.None
  }
  if (!LETTER_OR_MARK.test(ch)) return Cls.None
  if (MARK.test(ch)) return Cls.Mark
  if (DIGIT.test(ch)) return Cls.Digit
  if (UNSPACED.test(ch)) return Cls.Unspaced
  if (HANGUL.test(ch)) return Cls.Hangul
  if (ARABIC.test(ch)) return Cls.Arabic
  return Cls.Word
}

/** The code point ending just before index i ('' at the start). */
export function charBefore(text: string, i: number): string {
  if (i <= 0) return ''
  const lo = text.charCodeAt(i - 1)
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) {
    const hi = text.charCodeAt(i - 2)
    if (hi >= 0xd800 && hi <= 0xdbff) return text.slice(i - 2, i)
  }
  return text[i - 1]
}

/** The code point starting at index i ('' at the end). */
export function charAt(text: string, i: number): string {
  if (i >= text.length) return ''
  const hi = text.charCodeAt(i)
  if (hi >= 0xd800 && hi <= 0xdbff && i + 1 < text.length) return text.slice(i, i + 2)
  return text[i]
}

/** Class of the first and last character of a name (marks take the class of their base). */
export function edgeClasses(name: string): [Cls, Cls] {
  const chars = [...name]
  const first = classOf(chars[0] ?? '')
  let k = chars.length - 1
  while (k > 0 && classOf(chars[k]) === Cls.Mark) k--
  return [first, classOf(chars[k] ?? '')]
}

// ---------------------------------------------------------------------------
// Korean particles and copula endings written together with a noun

export const HANGUL_PARTICLES: readonly string[] = [
  // case and topic particles
  '은', '는', '이', '가', '을', '를', '의', '에', '에서', '에게', '에게서', '께', '께서', '한테', '한테서', '와', '과', '랑', '이랑',
  '하고', '도', '만', '로', '으로', '로서', '으로서', '로써', '으로써', '보다', '처럼', '같이', '까지', '부터', '마저', '조차', '밖에',
  '나', '이나', '든지', '이든지', '라도', '이라도', '요', '야', '이야', '들',
  // copula and its common endings
  '다', '이다', '입니다', '니다', '이에요', '예요', '이었다', '였다', '였습니다', '이었습니다', '이며', '며', '이고', '고', '인',
  '이라는', '라는', '이란', '란', '라고', '이라고', '이죠', '죠', '인데', '이지만', '지만', '였고', '이었고', '이라', '라', '이라서',
]
const PARTICLES = new Set(HANGUL_PARTICLES)
const MAX_PARTICLE = Math.max(...HANGUL_PARTICLES.map((p) => p.length))
/** A name followed by more Hangul than this is part of a longer word. */
const MAX_PARTICLE_RUN = 8

/** True if the Hangul run is a sequence of at most 3 particles/endings. */
export function isParticleRun(run: string, depth = 0): boolean {
  if (run.length === 0) return depth > 0
  if (depth >= 3) return false
  for (let k = Math.min(MAX_PARTICLE, run.length); k >= 1; k--) {
    if (PARTICLES.has(run.slice(0, k)) && isParticleRun(run.slice(k), depth + 1)) return true
  }
  return false
}

function hangulRunAfter(text: string, end: number): string | null {
  let j = end
  while (j < text.length && HANGUL.test(text[j])) {
    j++
    if (j - end > MAX_PARTICLE_RUN) return null
  }
  return text.slice(end, j)
}

// ---------------------------------------------------------------------------
// Arabic proclitics

/** و/ف, then ب/ل/ك, then ال (ل + ال is written لل). */
export const ARABIC_PROCLITICS: ReadonlySet<string> = (() => {
  const out = new Set<string>()
  for (const conj of ['', 'و', 'ف']) {
    for (const prep of ['', 'ب', 'ل', 'ك']) {
      for (const art of ['', 'ال']) {
        const s = conj + (prep === 'ل' && art ? 'لل' : prep + art)
        if (s) out.add(s)
      }
    }
  }
  return out
})()
/** Before the لل-form of a name that starts with ال: the lam of ل + ال, maybe after و/ف. */
export const ARABIC_LAM_PREFIXES: ReadonlySet<string> = new Set(['ل', 'ول', 'فل'])

/** The Arabic letters (diacritics skipped) written just before index i, up to 4. */
function arabicRunBefore(text: string, i: number): string | null {
  let out = ''
  let j = i
  while (j > 0) {
    const ch = text[j - 1]
    const c = classOf(ch)
    if (c === Cls.Mark) {
      j--
      continue
    }
    if (c !== Cls.Arabic) break
    out = ch + out
    j--
    if (out.length > 4) return null
  }
  return out
}

// ---------------------------------------------------------------------------
// Boundaries

export interface NameShape {
  first: Cls
  last: Cls
  /** The لل-form of an ال-name: only after ل (maybe و/ف before it). */
  lamVariant?: boolean
}

/** 0: boundary fails; 1: plain boundary (space, punctuation, start); 2: relaxed boundary. */
export type Boundary = 0 | 1 | 2

export function leftBoundary(text: string, start: number, shape: NameShape): Boundary {
  if (shape.lamVariant) {
    const run = arabicRunBefore(text, start)
    return run !== null && ARABIC_LAM_PREFIXES.has(run) ? 2 : 0
  }
  let ch = charBefore(text, start)
  let c = classOf(ch)
  let at = start
  while (c === Cls.Mark) {
    at -= ch.length
    ch = charBefore(text, at)
    c = classOf(ch)
  }
  if (c === Cls.None) return 1
  const f = shape.first
  if (f === Cls.None || f === Cls.Mark) return 0
  if (f === Cls.Unspaced) return 2
  if (f === Cls.Arabic && c === Cls.Arabic) {
    const run = arabicRunBefore(text, start)
    return run !== null && ARABIC_PROCLITICS.has(run) ? 2 : 0
  }
  if (c === f || c === Cls.Digit || (f === Cls.Digit && c !== Cls.Unspaced)) return 0
  return 2
}

export function rightBoundary(text: string, end: number, shape: NameShape): Boundary {
  const ch = charAt(text, end)
  const c = classOf(ch)
  if (c === Cls.None) return 1
  if (c === Cls.Mark) return 0
  const l = shape.last
  if (l === Cls.None || l === Cls.Mark) return 0
  if (l === Cls.Unspaced) return 2
  if (l === Cls.Hangul && c === Cls.Hangul) {
    const run = hangulRunAfter(text, end)
    return run !== null && isParticleRun(run) ? 2 : 0
  }
  if (c === l || c === Cls.Digit || (l === Cls.Digit && c !== Cls.Unspaced)) return 0
  return 2
}

// ---------------------------------------------------------------------------
// The "2 characters or fewer" rule

const CJK_CHAR = /[\p{sc=Han}\p{scx=Hira}\p{scx=Kana}\p{sc=Hangul}]/u

/**
 * Ignores names of 2 characters or fewer; that was written for Latin names like "HP".
 * Chinese, Japanese and Korean names carry a word in each character, so a name with a
 * Han, Kana or Hangul character counts from 2 characters on (小米, 京东, 삼성, 기아), and
 * only a single character is ignored. Characters are code points.
 */
export function minNameLength(name: string): number {
  return CJK_CHAR.test(name) ? 2 : 3
}

export function isCountableName(normalised: string): boolean {
  return [...normalised].length >= minNameLength(normalised)
}

/**
 * Could a match of name a and a match of name b (both lower-cased, single-spaced) overlap
 * in some text, given the boundary rules? Exact for containment and suffix/prefix
 * overlaps; Hangul particles and Arabic proclitics are assumed possible.
 */
export function namesCouldOverlap(a: string, b: string): boolean {
  if (a === b) return true
  return partOverlap(a, b) || partOverlap(b, a)
}

function shapeOf(name: string): NameShape {
  const [first, last] = edgeClasses(name)
  return { first, last }
}

function lenient(text: string, start: number, end: number, shape: NameShape): boolean {
  return leftBoundaryLenient(text, start, shape) && rightBoundaryLenient(text, end, shape)
}

function leftBoundaryLenient(text: string, start: number, shape: NameShape): boolean {
  if (start === 0) return true
  if (shape.first === Cls.Arabic && classOf(charBefore(text, start)) === Cls.Arabic) return true
  return leftBoundary(text, start, shape) !== 0
}

function rightBoundaryLenient(text: string, end: number, shape: NameShape): boolean {
  if (end >= text.length) return true
  if (shape.last === Cls.Hangul && classOf(charAt(text, end)) === Cls.Hangul) return true
  return rightBoundary(text, end, shape) !== 0
}

/**
 * b inside a, or a suffix of a equal to a prefix of b, with passable boundaries for both. (Called for
 * every pair of names of a brand set, so the shapes are only worked out for a candidate overlap, and
 * a suffix is only cut out when its first character already fits.)
 */
function partOverlap(a: string, b: string): boolean {
  // b contained in a
  let sb: NameShape | undefined
  for (let at = a.indexOf(b); at >= 0; at = a.indexOf(b, at + 1)) {
    if (lenient(a, at, at + b.length, (sb ??= shapeOf(b)))) return true
  }
  // a's suffix == b's prefix, of length k (both strictly shorter than the names)
  const b0 = b.charCodeAt(0)
  for (let k = 1; k < Math.min(a.length, b.length); k++) {
    if (a.charCodeAt(a.length - k) !== b0 || !a.endsWith(b.slice(0, k))) continue
    const joined = a + b.slice(k)
    if (lenient(joined, 0, a.length, shapeOf(a)) && lenient(joined, a.length - k, joined.length, (sb ??= shapeOf(b)))) return true
  }
  return false
}
