/**
 * Brand definitions, the name matcher shared by every counting routine, and the
 * alternative-name validation of spec §5.
 *
 * Decisions where the spec is silent:
 * - Names are trimmed and inner whitespace collapsed; a name that is 2 characters or
 *   shorter after that is not countable (§5) and is skipped everywhere.
 * - Matching is case-insensitive and whole-word: a match may not touch a Unicode letter
 *   or digit on either side ("Apple" is not found in "Pineapple", but "Apple's" and
 *   "Apple-made" count). Inner whitespace of a multi-word name matches any run of
 *   whitespace, so "Brooks\nRunning" still counts; "Brooks" alone does not.
 * - The brand's names are tried longest first at each position and the scan resumes
 *   after a match, so a name and an alternative that overlap (e.g. "Brooks Running"
 *   and "Brooks") are counted once per occurrence, never twice.
 * - Brands are counted independently of each other ("Apple Music" also counts for a
 *   brand "Apple"). For speed, a brand set is scanned with one combined regex for all
 *   brands whose names share no word with another brand's names (their matches cannot
 *   overlap, so the result is identical); the others are scanned one by one.
 * - validateAlternativeName also rejects names of 2 characters or fewer (they would be
 *   silently ignored by counting), after the spec's empty check.
 * - "Substring overlap" (§5) is a plain case-insensitive substring test in either
 *   direction, as written in the spec.
 */

export interface BrandDef {
  name: string
  alternativeNames: string[]
  domains: string[]
  isOwn?: boolean
}

/** Names of this many characters or fewer are ignored (§5). */
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
    if (n.length <= MAX_IGNORED_NAME_LENGTH) continue
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

/** Regex source matching one whole-word name. */
export function namePatternSource(name: string): string {
  return normaliseName(name).split(' ').map(escapeRegex).join('\\s+')
}

const BEFORE = '(?<![\\p{L}\\p{N}])'
const AFTER = '(?![\\p{L}\\p{N}])'

/** A global, case-insensitive whole-word regex for a list of names (longest first). */
export function buildNamesRegex(names: string[]): RegExp | null {
  if (names.length === 0) return null
  const alt = names.map(namePatternSource).join('|')
  return new RegExp(`${BEFORE}(?:${alt})${AFTER}`, 'giu')
}

/**
 * The same regex without the leading look-behind: scanning is much faster when the
 * pattern starts with its literal names; the left word boundary is then checked by hand.
 */
function buildScanRegex(names: string[]): RegExp | null {
  if (names.length === 0) return null
  const alt = names.map(namePatternSource).join('|')
  return new RegExp(`(?:${alt})${AFTER}`, 'giu')
}

const WORD_CHAR_BEFORE = /[\p{L}\p{N}]$/u

function wordCharBefore(text: string, index: number): boolean {
  return index > 0 && WORD_CHAR_BEFORE.test(text.slice(Math.max(0, index - 2), index))
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

interface CompiledBrand {
  key: NameKey
  regex: RegExp | null
  scan: RegExp | null
  /** Lowercased first word of each countable name: a cheap pre-check before the regex. */
  probes: string[]
  names: string[]
}

const compiled = new WeakMap<BrandDef, CompiledBrand>()

function compile(brand: BrandDef): CompiledBrand {
  const hit = compiled.get(brand)
  if (hit && sameNames(hit.key, brand)) return hit
  const names = countableNames(brand)
  const probes = [...new Set(names.map((n) => n.split(' ')[0].toLowerCase()))]
  const c: CompiledBrand = { key: nameKey(brand), regex: buildNamesRegex(names), scan: buildScanRegex(names), probes, names }
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

/**
 * The brand's matcher, cached per BrandDef object (rebuilt if its names change).
 * Global flag: callers must reset lastIndex (the helpers below do).
 */
export function brandRegex(brand: BrandDef): RegExp | null {
  return compile(brand).regex
}

/**
 * Match spans of the brand in text as a flat list [start0, end0, start1, end1, ...].
 * lower (text.toLowerCase(), computed once per text by the caller) lets brands whose
 * names cannot occur skip the regex scan.
 */
export function findBrandSpans(brand: BrandDef, text: string, lower?: string): number[] {
  const c = compile(brand)
  const re = c.scan
  if (!re || text.length === 0) return []
  if (lower !== undefined && !c.probes.some((p) => lower.includes(p))) return []
  const out: number[] = []
  re.lastIndex = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (wordCharBefore(text, m.index)) {
      // not a word start: resume one character later, as the look-behind regex would
      re.lastIndex = m.index + 1
      continue
    }
    out.push(m.index, m.index + m[0].length)
  }
  re.lastIndex = 0
  return out
}

// ---------------------------------------------------------------------------
// Whole brand sets in one scan

interface CompiledSet {
  brands: BrandDef[]
  keys: NameKey[]
  /** One regex for all brands that cannot overlap another brand; group g+1 is brand groupBrand[g]. */
  combined: RegExp | null
  groupBrand: number[]
  /** Brands scanned on their own (their names share a word with another brand's names). */
  solo: number[]
}

const setCache = new WeakMap<BrandDef[], CompiledSet>()
const TOKEN_RE = /[\p{L}\p{N}]+/gu
const WORD_EDGE = /^[\p{L}\p{N}]/u
const WORD_END = /[\p{L}\p{N}]$/u

function compileSet(brands: BrandDef[]): CompiledSet {
  const hit = setCache.get(brands)
  if (hit && hit.brands.length === brands.length && hit.brands.every((b, i) => b === brands[i] && sameNames(hit.keys[i], b))) {
    return hit
  }
  const names = brands.map(countableNames)
  // Two matches of different brands can only overlap if the names share a word, since a
  // match always starts and ends at word boundaries; names starting or ending with a
  // non-word character are not covered by that argument and are scanned on their own.
  const owners = new Map<string, Set<number>>()
  const edgy = new Set<number>()
  names.forEach((list, i) => {
    for (const n of list) {
      if (!WORD_EDGE.test(n) || !WORD_END.test(n)) edgy.add(i)
      for (const t of n.toLowerCase().match(TOKEN_RE) ?? []) {
        let set = owners.get(t)
        if (!set) owners.set(t, (set = new Set()))
        set.add(i)
      }
    }
  })
  const solo = new Set(edgy)
  for (const set of owners.values()) if (set.size > 1) for (const i of set) solo.add(i)
  const groupBrand: number[] = []
  const groups: string[] = []
  names.forEach((list, i) => {
    if (list.length === 0 || solo.has(i)) return
    groupBrand.push(i)
    groups.push(`(${list.map(namePatternSource).join('|')})`)
  })
  const combined = groups.length > 0 ? new RegExp(`(?:${groups.join('|')})${AFTER}`, 'giu') : null
  const c: CompiledSet = {
    brands: [...brands],
    keys: brands.map(nameKey),
    combined,
    groupBrand,
    solo: [...solo].filter((i) => names[i].length > 0).sort((a, b) => a - b),
  }
  setCache.set(brands, c)
  return c
}

/**
 * Match spans of every brand (same results as findBrandSpans per brand), index-aligned
 * with brands. Brands whose names cannot overlap another brand's share one regex scan.
 */
export function findAllBrandSpans(brands: BrandDef[], text: string, lower?: string): number[][] {
  const out: number[][] = brands.map(() => [])
  if (text.length === 0) return out
  const c = compileSet(brands)
  const re = c.combined
  if (re) {
    const k = c.groupBrand.length
    re.lastIndex = 0
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (wordCharBefore(text, m.index)) {
        re.lastIndex = m.index + 1
        continue
      }
      for (let g = 1; g <= k; g++) {
        if (m[g] !== undefined) {
          out[c.groupBrand[g - 1]].push(m.index, m.index + m[0].length)
          break
        }
      }
    }
    re.lastIndex = 0
  }
  const low = lower ?? text.toLowerCase()
  for (const i of c.solo) out[i] = findBrandSpans(brands[i], text, low)
  return out
}

/** Own brand first, the rest in their given order. */
export function orderBrands(brands: BrandDef[]): BrandDef[] {
  const own = brands.filter((b) => b.isOwn)
  return [...own, ...brands.filter((b) => !b.isOwn)]
}

// ---------------------------------------------------------------------------
// Alternative-name validation (§5)

export const ALT_NAME_EMPTY = 'Alternative name cannot be empty'
export const ALT_NAME_SAME_AS_MAIN = 'Alternative name cannot be the same as the main brand name'
export const ALT_NAME_EXISTS = 'This alternative name already exists'
export const ALT_NAME_TOO_SHORT = 'Alternative name must be longer than 2 characters (shorter names are not counted)'

export function altOverlapsMainMessage(candidate: string, mainName: string): string {
  return `"${candidate}" overlaps with the main brand name "${mainName}"; the same mention would be double-counted`
}

export function altOverlapsAltMessage(candidate: string, existing: string): string {
  return `"${candidate}" overlaps with the existing alternative name "${existing}"; the same mention would be double-counted`
}

export function altOverlapsOtherBrandMessage(candidate: string, otherBrand: string, otherName?: string): string {
  const what = otherName && otherName.toLowerCase() !== otherBrand.toLowerCase()
    ? `the alternative name "${otherName}" of "${otherBrand}"`
    : `the brand "${otherBrand}"`
  return `"${candidate}" overlaps with ${what}; mentions would be attributed to the wrong brand`
}

function overlaps(a: string, b: string): boolean {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  if (x.length === 0 || y.length === 0) return false
  return x.includes(y) || y.includes(x)
}

/**
 * Returns the reason the candidate alternative name is invalid for target, or null.
 * Checks in order: empty, too short, same as main name, already an alternative,
 * overlap with the main name, with an existing alternative, with another brand's
 * name or alternative names. The target is found in allBrands by identity or name.
 */
export function validateAlternativeName(candidate: string, target: BrandDef, allBrands: BrandDef[]): string | null {
  const c = normaliseName(candidate ?? '')
  if (c.length === 0) return ALT_NAME_EMPTY
  const main = normaliseName(target.name)
  const cl = c.toLowerCase()
  if (cl === main.toLowerCase()) return ALT_NAME_SAME_AS_MAIN
  const alts = (target.alternativeNames ?? []).map(normaliseName).filter((a) => a.length > 0)
  if (alts.some((a) => a.toLowerCase() === cl)) return ALT_NAME_EXISTS
  if (c.length <= MAX_IGNORED_NAME_LENGTH) return ALT_NAME_TOO_SHORT
  if (overlaps(c, main)) return altOverlapsMainMessage(c, main)
  for (const a of alts) if (overlaps(c, a)) return altOverlapsAltMessage(c, a)
  const targetKey = main.toLowerCase()
  for (const other of allBrands) {
    if (other === target || normaliseName(other.name).toLowerCase() === targetKey) continue
    const otherName = normaliseName(other.name)
    if (otherName && overlaps(c, otherName)) return altOverlapsOtherBrandMessage(c, otherName)
    for (const oa of (other.alternativeNames ?? []).map(normaliseName)) {
      if (oa && overlaps(c, oa)) return altOverlapsOtherBrandMessage(c, otherName, oa)
    }
  }
  return null
}
