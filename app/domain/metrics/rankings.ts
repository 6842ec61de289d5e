/**
 * Rank parsing (spec §5 "Ranking parsing": numbered lists 1 to 20, ordinal words
 * first to tenth).
 *
 * Decisions where the spec is silent:
 * - Only the countable text is read (stripNonCountable first), so a numbered
 *   "Sources" list never ranks a brand.
 * - A numbered item is a line starting (after optional indentation, a bullet, "#"
 *   heading marks and bold/italic markers) with a number 1-20 followed by ".", ")" or
 *   ":" and not by a digit ("1.", "1)", "**1.**", "**1. Nike**", "### 2. Adidas").
 *   The rank is the number written, not the item's position in the list.
 * - An ordinal item starts with first..tenth (also "firstly".."tenthly", optionally
 *   followed by "place/choice/pick/option") followed by , : . ) or a dash, at the start
 *   of a line, or of a sentence when the text has no numbered items (in a numbered
 *   list, "First, ..." inside an item is prose, not a new ranking).
 * - An item's body runs to the next item, a heading line (a "#" line or a non-indented
 *   line that is entirely bold) or the end. After the last item of a list the body also
 *   stops at a blank line followed by non-indented, non-bullet text (the conclusion).
 *   An ordinal item inside a paragraph ends at the next ordinal item on its line, and
 *   the last one on its line ends with its first sentence. Items numbered above 20 are
 *   not ranked but still end the item before them.
 * - An item's lead is its bold opening segment, or its text up to the first ":", a
 *   spaced dash, an en/em dash or the end of its first sentence.
 * - A brand's rank is the rank of the first item (in document order) whose lead names
 *   it; failing that, of the first item whose body names it. So in
 *   "1. Nike - lighter than Adidas / 2. Adidas" Adidas is 2, not 1.
 * - Brands not named by any item are absent from the result (never 0).
 */
import { type BrandDef, findAllBrandSpans } from './brands'
import { stripNonCountable } from './mentions'

export const MAX_LIST_RANK = 20

export const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'] as const

const MARKUP = String.raw`(?:[-*+•][ \t]+)?(?:#{1,6}[ \t]*)?(?:(?:\*\*|__|\*|_)[ \t]*)?`
const NUMBERED_ITEM = new RegExp(
  String.raw`^[ \t]*${MARKUP}(\d{1,2})[.):](?!\d)(?:[ \t]*(?:\*\*|__|\*|_))?[ \t]+(?=\S)`,
  'gm',
)
/** Ordinal words are found first, then their surroundings are checked (much cheaper than one big regex). */
const ORDINAL_WORD = new RegExp(String.raw`(${ORDINALS.join('|')})(?:ly)?(?![\p{L}\p{N}])`, 'giu')
const WORD_CHAR_BEFORE = /[\p{L}\p{N}]$/u
const ORDINAL_LINE_PREFIX = new RegExp(String.raw`^[ \t]*${MARKUP}$`)
const ORDINAL_SENTENCE_PREFIX = new RegExp(String.raw`[.!?]["'”’)\]*_]*[ \t]+(${MARKUP})$`)
const ORDINAL_SUFFIX = /(?:[ \t]+(?:place|choice|pick|option))?(?:[ \t]*(?:\*\*|__|\*|_))?[ \t]*(?:[,:.)]|[ \t]*[-–—][ \t])(?:[ \t]*(?:\*\*|__|\*|_))?/iy
const HEADING_LINE = /^(?:#{1,6}[ \t].*|#{1,6}|(?:\*\*|__)[^*_\n]+(?:\*\*|__)[ \t]*:?[ \t]*)$/gm
/** Blank line followed by a non-indented line that is not a bullet or a numbered item. */
const LIST_END = /\n[ \t]*\n(?=[^\s\-*+•\d])/
const SENTENCE_END = /[.!?](?=\s|$)/
const BOLD_LEAD = /^[ \t]*(?:\*\*|__)(.+?)(?:\*\*|__)/d
const LEAD_END = /:|[ \t][-–—][ \t]|[–—]|[.!?](?=\s|$)|\n/

interface Marker {
  rank: number // 0 for numbers above 20: not ranked, but they end the item before
  start: number
  bodyStart: number
  line: boolean // marker at line start (continuation rules apply)
}

/** A ranked item with absolute offsets into the countable text. */
export interface ItemRange {
  rank: number
  leadStart: number
  leadEnd: number
  bodyStart: number
  bodyEnd: number
}

function findMarkers(text: string): Marker[] {
  const markers: Marker[] = []
  NUMBERED_ITEM.lastIndex = 0
  for (let m = NUMBERED_ITEM.exec(text); m; m = NUMBERED_ITEM.exec(text)) {
    const n = Number(m[1])
    if (n >= 1) markers.push({ rank: n <= MAX_LIST_RANK ? n : 0, start: m.index, bodyStart: m.index + m[0].length, line: true })
  }
  const hasNumbered = markers.length > 0
  ORDINAL_WORD.lastIndex = 0
  for (let m = ORDINAL_WORD.exec(text); m; m = ORDINAL_WORD.exec(text)) {
    if (m.index > 0 && WORD_CHAR_BEFORE.test(text.slice(Math.max(0, m.index - 2), m.index))) {
      ORDINAL_WORD.lastIndex = m.index + 1
      continue
    }
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1
    const before = text.slice(lineStart, m.index)
    let start: number
    let line: boolean
    if (ORDINAL_LINE_PREFIX.test(before)) {
      start = lineStart
      line = true
    } else {
      if (hasNumbered) continue // in a numbered list, "First, ..." inside an item is prose
      const sp = ORDINAL_SENTENCE_PREFIX.exec(before)
      if (!sp) continue
      start = m.index - sp[1].length
      line = false
    }
    ORDINAL_SUFFIX.lastIndex = m.index + m[0].length
    const suffix = ORDINAL_SUFFIX.exec(text)
    if (!suffix) continue
    const rank = ORDINALS.indexOf(m[1].toLowerCase() as (typeof ORDINALS)[number]) + 1
    markers.push({ rank, start, bodyStart: suffix.index + suffix[0].length, line })
  }
  return markers.sort((a, b) => a.start - b.start)
}

function headingStarts(text: string): number[] {
  const out: number[] = []
  HEADING_LINE.lastIndex = 0
  for (let m = HEADING_LINE.exec(text); m; m = HEADING_LINE.exec(text)) {
    out.push(m.index)
    if (m[0].length === 0) HEADING_LINE.lastIndex++
  }
  return out
}

/** The ranked items of already-stripped text, in document order. */
export function findItemRanges(text: string): ItemRange[] {
  const markers = findMarkers(text)
  if (markers.length === 0) return []
  const headings = headingStarts(text)
  const out: ItemRange[] = []
  for (let i = 0; i < markers.length; i++) {
    const it = markers[i]
    const next = i + 1 < markers.length ? markers[i + 1].start : text.length
    let end = next
    let endedByHeading = false
    const markerLineEnd = text.indexOf('\n', it.start)
    for (const h of headings) {
      if (h <= it.start || h >= end) continue
      if (markerLineEnd !== -1 && h <= markerLineEnd) continue // a heading on the marker's own line is the item
      end = h
      endedByHeading = true
      break
    }
    if (it.rank === 0) continue
    const bodyStart = it.bodyStart
    let bodyEnd = Math.max(bodyStart, end)
    if (!it.line) {
      // a mid-paragraph ordinal item never runs past its line; the last one on its line
      // ends with its first sentence
      const nl = text.indexOf('\n', bodyStart)
      if (nl !== -1 && nl < bodyEnd) bodyEnd = nl
      const nextOnLine = i + 1 < markers.length && markers[i + 1].start <= bodyEnd
      if (!nextOnLine) {
        const stop = SENTENCE_END.exec(text.slice(bodyStart, bodyEnd))
        if (stop) bodyEnd = bodyStart + stop.index + 1
      }
    } else if (endedByHeading || next === text.length) {
      // last item of its list: stop at the conclusion paragraph
      const stop = LIST_END.exec(text.slice(bodyStart, bodyEnd))
      if (stop) bodyEnd = bodyStart + stop.index
    }
    const body = text.slice(bodyStart, bodyEnd)
    let leadStart = bodyStart
    let leadEnd = bodyEnd
    const bold = BOLD_LEAD.exec(body)
    if (bold?.indices?.[1]) {
      leadStart = bodyStart + bold.indices[1][0]
      leadEnd = bodyStart + bold.indices[1][1]
    } else {
      const stop = LEAD_END.exec(body)
      if (stop) leadEnd = bodyStart + stop.index
    }
    out.push({ rank: it.rank, leadStart, leadEnd, bodyStart, bodyEnd })
  }
  return out
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

/** Rank of a brand from its match spans (flat [start, end, ...]); undefined if no item names it. */
export function rankFromSpans(items: ItemRange[], spans: number[]): number | undefined {
  if (items.length === 0 || spans.length === 0) return undefined
  let bestLead = Infinity
  let bestBody = Infinity
  for (let k = 0; k < spans.length; k += 2) {
    const s = spans[k]
    // last item with bodyStart <= s (bodies are disjoint and sorted)
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
    if (idx < 0) continue
    const it = items[idx]
    if (s >= it.bodyEnd) continue
    if (s >= it.leadStart && s < it.leadEnd) bestLead = Math.min(bestLead, idx)
    else bestBody = Math.min(bestBody, idx)
  }
  const best = bestLead !== Infinity ? bestLead : bestBody
  return best === Infinity ? undefined : items[best].rank
}

/**
 * Ranks for already-stripped text. spans (index-aligned with brands, see
 * findAllBrandSpans) may be passed when already computed, e.g. by parseAnswer.
 */
export function parseRankingsInStripped(stripped: string, brands: BrandDef[], spans?: number[][]): Record<string, number> {
  const out: Record<string, number> = {}
  const items = findItemRanges(stripped)
  if (items.length === 0) return out
  const all = spans ?? findAllBrandSpans(brands, stripped)
  for (let i = 0; i < brands.length; i++) {
    const r = rankFromSpans(items, all[i])
    if (r !== undefined) out[brands[i].name] = r
  }
  return out
}

/** §5: brand name -> rank (1..20) from numbered lists and ordinal words; unranked brands absent. */
export function parseRankings(text: string, brands: BrandDef[]): Record<string, number> {
  return parseRankingsInStripped(stripNonCountable(text), brands)
}
