/**
 * Brand definitions and the name matcher shared by every counting routine (the alternative-name
 * rules are in alternative-names.ts).
 *
 * Decisions where the spec is silent:
 * - Names are trimmed and inner whitespace collapsed. A name too short to count (2
 *   characters or fewer; for names with Han, Kana or Hangul characters only 1 character,
 *   see scripts.ts minNameLength) is skipped everywhere.
 * - Matching is case-insensitive and "whole-word" per script (scripts.ts): Latin, Cyrillic,
 *   Greek, Devanagari and the like need no letter or digit of the same script on either side
 *   ("Apple" is not found in "Pineapple", but "Apple's", "Apple-made" and "Appleの" count);
 *   Han, Kana and Thai names need no boundary; Hangul names may be followed by particles;
 *   Arabic names may carry the proclitics و ف ب ل ك and the article ال. Inner whitespace of a
 *   multi-word name matches any run of whitespace, so "Brooks\nRunning" still counts;
 *   "Brooks" alone does not.
 * - The brand's names are tried longest first at each position and the scan resumes
 *   after a match, so a name and an alternative that overlap (e.g. "Brooks Running"
 *   and "Brooks") are counted once per occurrence, never twice.
 * - Brands are counted independently of each other ("Apple Music" also counts for a
 *   brand "Apple"), except where a match relied on a relaxed boundary (a name in a script
 *   written without spaces, a particle, a proclitic or a change of script): there a longer
 *   tracked name of another brand covering it wins, so 京东 is not counted inside 京东商城
 *   when both are tracked.
 * - For speed, a brand set is scanned with one combined regex for all brands whose names
 *   cannot overlap another brand's names in any text (scripts.ts namesCouldOverlap); the
 *   others are scanned one by one.
 */
import { type Boundary, type NameShape, Cls, edgeClasses, isCountableName, leftBoundary, namesCouldOverlap, rightBoundary } from './scripts'

export interface BrandDef {
  name: string
  alternativeNames: string[]
  domains: string[]
  isOwn?: boolean
}

/** Latin-like names of this many characters or fewer are ignored; see isCountableName for CJK. */
export const MAX_IGNORED_NAME_LENGTH = 2

export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ')
}

/** The brand's countable names (main then alternatives), deduplicated, longest first. */
export function countableNames(brand: BrandDef): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of [brand.name, ...(brand.alternativeNames ?? [])]) {
    if (typeof raw !== 'string') continue
    const n = normaliseName(raw)
    if (!isCountableName(n)) continue
    const key = n.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(n)
  }
  return out.sort((a, b) => b.length - a.length)
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Regex source matching one name (inner whitespace flexible), without boundaries. */
export function namePatternSource(name: string): string {
  return normaliseName(name).split(' ').map(escapeRegex).join('\\s+')
}

/** One searchable form of a name, with the shape that decides its boundaries. */
interface NameForm extends NameShape {
  text: string
  lower: string
  sticky?: RegExp
}

const ARABIC_ARTICLE = 'ال'

/** The forms of the countable names, longest first: each name, plus the لل-form of Arabic ال-names. */
function nameForms(names: string[]): NameForm[] {
  const out: NameForm[] = []
  for (const n of names) {
    const [first, last] = edgeClasses(n)
    out.push({ text: n, lower: n.toLowerCase(), first, last })
    if (first === Cls.Arabic && n.startsWith(ARABIC_ARTICLE) && n.length > 3) {
      // ل + الراجحي is written للراجحي: search "لراجحي" after a lam
      const v = n.slice(1)
      out.push({ text: v, lower: v.toLowerCase(), first, last, lamVariant: true })
    }
  }
  return out.sort((a, b) => b.text.length - a.text.length)
}

function stickyOf(f: NameForm): RegExp {
  return (f.sticky ??= new RegExp(namePatternSource(f.text), 'iuy'))
}

/** Regexes matching exactly the characters equal to a given one under case-insensitive Unicode matching. */
const sameCharRegex = new Map<string, RegExp>()

/** Do a and b (one code point each) match each other in a case-insensitive Unicode regex ('iu')? */
function sameFold(a: string, b: string): boolean {
  if (a === b) return true
  let re = sameCharRegex.get(a)
  if (!re) sameCharRegex.set(a, (re = new RegExp(`^${escapeRegex(a)}$`, 'iu')))
  return re.test(b)
}

/**
 * A global case-insensitive regex that matches like (form0)|(form1)|... (which form matched: see
 * formAt). For speed the alternatives are factored by their first character, e.g.
 * "N(?:ike\s+Inc|ike)" instead of "(Nike\s+Inc)|(Nike)", and have no capture groups: the regex engine
 * then tries only the few names starting with the character at hand (measured: about 3x faster over
 * answer texts). It matches the same as the plain alternation: forms whose first characters differ
 * (case-insensitively) can never match at the same position, and forms sharing one keep their given
 * order, so the same form wins at the same position.
 */
function formsRegex(forms: NameForm[], groups: FirstCharGroup[]): RegExp | null {
  if (forms.length === 0) return null
  const source = groups.map((g) => {
    const rests = g.members.map((i) => {
      // the name without its first code point, with the inner whitespace of namePatternSource
      const text = forms[i].text
      return text.slice(firstCodePoint(text).length).split(' ').map(escapeRegex).join('\\s+')
    })
    return `${escapeRegex(g.first)}(?:${rests.join('|')})`
  })
  return new RegExp(source.join('|'), 'giu')
}

function firstCodePoint(s: string): string {
  return String.fromCodePoint(s.codePointAt(0)!)
}

/** Forms whose first characters match each other case-insensitively, in their given order. */
interface FirstCharGroup {
  first: string
  members: number[]
}

function firstCharGroups(forms: NameForm[]): FirstCharGroup[] {
  const groups: FirstCharGroup[] = []
  forms.forEach((f, i) => {
    const first = firstCodePoint(f.text)
    const group = groups.find((g) => sameFold(g.first, first))
    if (group) group.members.push(i)
    else groups.push({ first, members: [i] })
  })
  return groups
}

/** Characters that match an ASCII letter of another case in a case-insensitive Unicode regex: ſ (s) and the Kelvin sign (k). */
const FOLDS_TO_ASCII = /[\u017f\u212a]/

/**
 * Form index by lower-cased text (single spaces) for forms written in ASCII, or null when a form
 * holds ſ or the Kelvin sign. Then an ASCII text matches only the ASCII form with its lower-cased
 * text (a match of a form is its text up to case and whitespace runs), which formAt looks up. formAt
 * adds the spellings it meets ("Nike", "NIKE"), each mapped to the form of its lower-cased text: no
 * such spelling equals another form's key (those are lower case with single spaces).
 */
function formsByText(forms: NameForm[]): Map<string, number> | null {
  const out = new Map<string, number>()
  for (let i = 0; i < forms.length; i++) {
    const f = forms[i]
    if (FOLDS_TO_ASCII.test(f.text)) return null
    if (isAscii(f.text) && !out.has(f.lower)) out.set(f.lower, i)
  }
  return out
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 128) return false
  return true
}

const ASCII_SPACE_RUN = /\s+/g
/** ASCII whitespace that is not a lone space. */
const NOT_SINGLE_SPACE = /[\t\n\v\f\r]| {2}/

/**
 * The form the scanner's regex matched at start (matched: the matched text): the first form, in
 * order, that matches there, as the alternation picks it. An ASCII match is looked up by its text
 * (the spelling met, then its lower case with single spaces); otherwise only the forms whose first
 * character matches the text's are tried, in order.
 */
function formAt(sc: Scanner, text: string, start: number, matched: string): number {
  if (sc.byText) {
    const g = sc.byText.get(matched) ?? formByLowerText(sc, matched)
    if (g !== undefined) return g
  }
  const first = firstCodePoint(matched)
  let members = sc.membersByFirst.get(first)
  if (!members) {
    members = sc.groups.find((g) => sameFold(g.first, first))?.members ?? sc.forms.map((_, i) => i)
    sc.membersByFirst.set(first, members)
  }
  if (members.length === 1) return members[0]
  for (const g of members) {
    const st = stickyOf(sc.forms[g])
    st.lastIndex = start
    if (st.test(text)) return g
  }
  return members[0] // unreachable: one of them matched here
}

const BY_TEXT_CAP = 4096

/** formsByText's lookup for a match in another case or with other whitespace (undefined when not ASCII). */
function formByLowerText(sc: Scanner, matched: string): number | undefined {
  if (!isAscii(matched)) return undefined
  const low = matched.toLowerCase()
  const key = NOT_SINGLE_SPACE.test(low) ? low.replace(ASCII_SPACE_RUN, ' ') : low
  const g = sc.byText!.get(key)
  // the same spelling is then found at once (a few spellings per name: capitals, whitespace; bounded all the same)
  if (g !== undefined && sc.byText!.size < BY_TEXT_CAP) sc.byText!.set(matched, g)
  return g
}

/** The names a compiled matcher was built from, to notice later edits without building strings. */
type NameKey = readonly string[]

function nameKey(brand: BrandDef): NameKey {
  return [brand.name, ...(brand.alternativeNames ?? [])]
}

function sameNames(key: NameKey, brand: BrandDef): boolean {
  const alts = brand.alternativeNames ?? []
  if (key.length !== alts.length + 1 || key[0] !== brand.name) return false
  for (let i = 0; i < alts.length; i++) if (key[i + 1] !== alts[i]) return false
  return true
}

/** A scanner over a list of forms: one regex, plus what to retry when a boundary fails. */
interface Scanner {
  regex: RegExp | null
  forms: NameForm[]
  /** See formsByText. */
  byText: Map<string, number> | null
  groups: FirstCharGroup[]
  /** The group members for a first character met in matches (see formAt). */
  membersByFirst: Map<string, number[]>
  /** Owner (brand index) of each form. */
  owner: number[]
  /** For each form, the later forms that could match at the same place (same first letter). */
  retry: number[][]
}

function scanner(forms: NameForm[], owner: number[]): Scanner {
  const firsts = forms.map((f) => f.lower.charAt(0))
  const retry = forms.map((_, g) => {
    const out: number[] = []
    for (let h = g + 1; h < forms.length; h++) if (firsts[h] === firsts[g]) out.push(h)
    return out
  })
  const groups = firstCharGroups(forms)
  return { regex: formsRegex(forms, groups), forms, byText: formsByText(forms), groups, membersByFirst: new Map(), owner, retry }
}

function checkAt(text: string, start: number, end: number, f: NameForm): Boundary {
  const l = leftBoundary(text, start, f)
  if (l === 0) return 0
  const r = rightBoundary(text, end, f)
  if (r === 0) return 0
  return l === 2 || r === 2 ? 2 : 1
}

/**
 * Runs a scanner over text. Each accepted match is reported as (owner, start, end,
 * relaxed). When a match fails its boundaries, the later alternatives are tried at the
 * same position (as a regex with the boundaries inside it would backtrack), then the
 * scan moves one character on.
 */
/** 2 when a surrogate pair starts at i (an emoji, an astral letter), else 1. */
function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff) return 1
  const d = text.charCodeAt(i + 1)
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1
}

function runScanner(sc: Scanner, text: string, onMatch: (owner: number, start: number, end: number, relaxed: boolean) => void): void {
  const re = sc.regex
  if (!re) return
  re.lastIndex = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const start = m.index
    const end = start + m[0].length
    const g = formAt(sc, text, start, m[0])
    const b = checkAt(text, start, end, sc.forms[g])
    if (b !== 0) {
      onMatch(sc.owner[g], start, end, b === 2)
      continue
    }
    let found = false
    for (const h of sc.retry[g]) {
      const st = stickyOf(sc.forms[h])
      st.lastIndex = start
      const mm = st.exec(text)
      if (!mm) continue
      const e = start + mm[0].length
      const bb = checkAt(text, start, e, sc.forms[h])
      if (bb === 0) continue
      onMatch(sc.owner[h], start, e, bb === 2)
      re.lastIndex = e
      found = true
      break
    }
    // One code point on, not one code unit: a unicode regex given a lastIndex inside a surrogate pair starts at the
    // pair's first half, so a name starting with an emoji or an astral letter would be found there again forever.
    if (!found) re.lastIndex = start + codePointLength(text, start)
  }
  re.lastIndex = 0
}

interface CompiledBrand {
  key: NameKey
  /** The brand's own scanner, built when first needed (brands scanned together never need it). */
  scanner?: Scanner
  /** Lowercased first word of each form: a cheap pre-check before the regex. */
  probes: string[]
  names: string[]
  forms: NameForm[]
}

const compiled = new WeakMap<BrandDef, CompiledBrand>()

function compile(brand: BrandDef): CompiledBrand {
  const hit = compiled.get(brand)
  if (hit && sameNames(hit.key, brand)) return hit
  const names = countableNames(brand)
  const forms = nameForms(names)
  const probes = [...new Set(forms.map((f) => f.lower.split(' ')[0]))]
  const c: CompiledBrand = { key: nameKey(brand), probes, names, forms }
  compiled.set(brand, c)
  return c
}

/**
 * The brand's countable names from the compile cache: the same array object until the
 * brand's names change (usable as a WeakMap key for derived facts).
 */
export function compiledNames(brand: BrandDef): readonly string[] {
  return compile(brand).names
}

function probeMiss(c: CompiledBrand, lower: string | undefined): boolean {
  return lower !== undefined && !c.probes.some((p) => lower.includes(p))
}

/** Spans (flat) of one brand, and the starts of those that relied on a relaxed boundary. */
function scanBrand(c: CompiledBrand, text: string, relaxed?: Set<number>): number[] {
  const out: number[] = []
  runScanner((c.scanner ??= scanner(c.forms, c.forms.map(() => 0))), text, (_o, s, e, r) => {
    out.push(s, e)
    if (r && relaxed) relaxed.add(s)
  })
  return out
}

/**
 * Match spans of the brand in text as a flat list [start0, end0, start1, end1, ...].
 * lower (text.toLowerCase(), computed once per text by the caller) lets brands whose
 * names cannot occur skip the regex scan.
 */
export function findBrandSpans(brand: BrandDef, text: string, lower?: string): number[] {
  const c = compile(brand)
  if (c.forms.length === 0 || text.length === 0 || probeMiss(c, lower)) return []
  return scanBrand(c, text)
}

// ---------------------------------------------------------------------------
// Whole brand sets in one scan

interface CompiledSet {
  brands: BrandDef[]
  keys: NameKey[]
  /** One scanner for all brands that cannot overlap another brand; owners are brand indexes. */
  combined: Scanner | null
  /** Brands scanned on their own (a match of theirs could overlap another brand's). */
  solo: number[]
}

const setCache = new WeakMap<BrandDef[], CompiledSet>()

function compileSet(brands: BrandDef[]): CompiledSet {
  const hit = setCache.get(brands)
  if (hit && hit.brands.length === brands.length && hit.brands.every((b, i) => b === brands[i] && sameNames(hit.keys[i], b))) {
    return hit
  }
  const forms = brands.map((b) => compile(b).forms)
  const solo = new Set<number>()
  for (let i = 0; i < forms.length; i++) {
    for (let j = i + 1; j < forms.length; j++) {
      if (solo.has(i) && solo.has(j)) continue
      if (forms[i].some((a) => forms[j].some((b) => namesCouldOverlap(a.lower, b.lower)))) {
        solo.add(i)
        solo.add(j)
      }
    }
  }
  const cForms: NameForm[] = []
  const cOwner: number[] = []
  forms.forEach((list, i) => {
    if (solo.has(i)) return
    for (const f of list) {
      cForms.push(f)
      cOwner.push(i)
    }
  })
  const c: CompiledSet = {
    brands: [...brands],
    keys: brands.map(nameKey),
    combined: cForms.length > 0 ? scanner(cForms, cOwner) : null,
    solo: [...solo].filter((i) => forms[i].length > 0).sort((a, b) => a - b),
  }
  setCache.set(brands, c)
  return c
}

/**
 * Match spans of every brand (same results as findBrandSpans per brand, except that a
 * relaxed match covered by a longer match of another brand is dropped), index-aligned
 * with brands. Brands whose names cannot overlap another brand's share one regex scan.
 */
export function findAllBrandSpans(brands: BrandDef[], text: string, lower?: string): number[][] {
  const out: number[][] = brands.map(() => [])
  if (text.length === 0) return out
  const c = compileSet(brands)
  if (c.combined) runScanner(c.combined, text, (o, s, e) => out[o].push(s, e))
  if (c.solo.length === 0) return out
  const low = lower ?? text.toLowerCase()
  const relaxed = new Map<number, Set<number>>()
  for (const i of c.solo) {
    const cb = compile(brands[i])
    if (probeMiss(cb, low)) continue
    const r = new Set<number>()
    out[i] = scanBrand(cb, text, r)
    if (r.size > 0) relaxed.set(i, r)
  }
  // A relaxed match inside a longer match of another brand belongs to the longer name.
  for (const [i, starts] of relaxed) {
    const spans = out[i]
    const kept: number[] = []
    for (let k = 0; k < spans.length; k += 2) {
      const s = spans[k]
      const e = spans[k + 1]
      if (starts.has(s) && coveredByOther(out, c.solo, i, s, e)) continue
      kept.push(s, e)
    }
    out[i] = kept
  }
  return out
}

function coveredByOther(out: number[][], solo: number[], self: number, s: number, e: number): boolean {
  for (const j of solo) {
    if (j === self) continue
    const spans = out[j]
    for (let k = 0; k < spans.length; k += 2) {
      if (spans[k] > s) break
      if (spans[k + 1] >= e && spans[k + 1] - spans[k] > e - s) return true
    }
  }
  return false
}

/** Own brand first, the rest in their given order. */
export function orderBrands(brands: BrandDef[]): BrandDef[] {
  const own = brands.filter((b) => b.isOwn)
  return [...own, ...brands.filter((b) => !b.isOwn)]
}
