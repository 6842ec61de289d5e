/**
 * Discovered brands: names the answers put forward — list items, bold names,
 * ranking-table rows — that are neither the project's brand nor a tracked competitor, with how
 * many answers and models name them, their average rank, and what the own brand's share of
 * mentions would be if the name were tracked. Pure: the server passes stored answers in.
 *
 * Decisions where the spec is silent:
 * - A candidate is the lead of a list item (numbered, bulleted, "#1", "No. 1:", emoji or keycap
 *   markers) up to its first dash, colon or end of bold; a **bold** name of at most four words
 *   anywhere; or the brand cell of a markdown table row (the first cell that is not a number).
 *   Text after a Sources/References heading is ignored, like mention counting.
 * - A candidate has 2 to 40 characters, at most four words, starts with a capital letter or a
 *   digit, and is not a heading phrase ("Best for …", "Overall", "Pros") or a tracked name,
 *   nor contained in or containing one (that would double-count, as an alternative name would).
 * - Mentions and ranks of a candidate are counted with the product's own rules (countAllMentions,
 *   parseRankings) with the tracked brands alongside, so adding it as a competitor and rebuilding
 *   mentions gives the same numbers.
 * - Shown: names named in at least 2 answers, most answers first, then by mentions, then by name.
 */
import { countAllMentions, parseRankings, stripNonCountable, type BrandDef } from '../metrics'

export interface DiscoveryAnswer {
  modelId: number
  text: string
  /** Stored mentions of the tracked brands in this answer (name -> count). */
  mentions: Record<string, number>
}

export interface DiscoveredBrand {
  name: string
  /** Answers that name it at least once. */
  answers: number
  /** Distinct models whose answers name it. */
  models: number
  /** Occurrences across all answers (counting). */
  mentions: number
  /** Mean rank over the answers that rank it, 1 decimal; null when never ranked. */
  averageRank: number | null
  /** The own brand's share of mentions (%) if this name were tracked too, 1 decimal. */
  ownShareIfTracked: number
}

export interface Discovery {
  brands: DiscoveredBrand[]
  /** The own brand's share of mentions (%) among tracked brands today, 1 decimal. */
  ownShare: number
  /** Answers looked at (successful ones). */
  answers: number
}

export const MIN_ANSWERS = 2
export const MAX_SHOWN = 15

const NOT_NAMES = new Set(
  [
    'overall', 'summary', 'verdict', 'pros', 'cons', 'price', 'pricing', 'features', 'why', 'brand', 'rank', 'best for', 'key features', 'bottom line', 'note',
    'conclusion', 'tip', 'tips', 'recommendation', 'recommendations', 'in short', 'short answer', 'also worth a look', 'ranked from best to worst', 'quick comparison',
    'what to look for', 'considerations', 'alternatives', 'budget pick', 'best overall', 'best value', 'runner-up', 'honourable mentions', 'honorable mentions',
  ].map((s) => s.toLowerCase()),
)
const LEAD_WORDS = /^(?:best|top|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|also|ranked|why|what|how|when|which|note|demo note)\b/i

const MARKER = /^\s*(?:[\p{Extended_Pictographic}\uFE0F\u20E3]+\s*)*(?:[-*•]\s+|\d{1,2}[.)]\s+|#\d{1,2}\s+|No\.\s*\d{1,2}:\s*|\d\uFE0F?\u20E3\s*)?/u

/** A list marker inside bold ("**4. On**") or left by a nested list is no part of the name. */
const LEADING_MARKER = /^(?:(?:[-*•+]|\d{1,2}[.)]|#\d{1,2}|No\.\s*\d{1,2}:?)\s+)+/u

function clean(raw: string): string | undefined {
  const name = raw
    .replace(/\[\d+\]/g, '')
    .replace(/[*_`]/g, '')
    .replace(/^[\s"'“”‘’([]+|[\s"'“”‘’)\].,;:!?]+$/g, '')
    .replace(LEADING_MARKER, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (name.length < 2 || name.length > 40) return undefined
  if (name.split(' ').length > 4) return undefined
  if (!/^[\p{Lu}\p{N}]/u.test(name)) return undefined
  if (NOT_NAMES.has(name.toLowerCase()) || LEAD_WORDS.test(name)) return undefined
  if (/^\d+(\.\d+)?$/.test(name)) return undefined
  return name
}

/** Candidate brand names in one answer, in order of appearance, without duplicates. */
export function candidateNames(text: string): string[] {
  const body = stripNonCountable(text)
  const out: string[] = []
  const add = (raw: string | undefined) => {
    const name = raw === undefined ? undefined : clean(raw)
    if (name && !out.some((n) => n.toLowerCase() === name.toLowerCase())) out.push(name)
  }
  for (const line of body.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed) continue
    if (trimmed.startsWith('|')) {
      const cells = trimmed.split('|').slice(1, -1).map((c) => c.trim())
      if (cells.every((c) => /^:?-{2,}:?$/.test(c))) continue
      add(cells.find((c) => c && !/^#?\d{1,2}\.?$/.test(c)))
      continue
    }
    const marker = MARKER.exec(line)
    if (marker && marker[0].trim()) {
      const rest = line.slice(marker[0].length)
      const bold = /^\*\*([^*]+)\*\*/.exec(rest)
      add(bold ? bold[1] : rest.split(/\s[–—-]\s|:\s|\s\(/)[0])
    }
    for (const m of line.matchAll(/\*\*([^*\n]{2,40})\*\*/g)) add(m[1])
  }
  return out
}

const lower = (s: string) => s.toLowerCase()

function tracks(names: string[], candidate: string): boolean {
  const c = lower(candidate)
  return names.some((n) => {
    const t = lower(n)
    return t === c || (t.length >= 3 && c.includes(t)) || (c.length >= 3 && t.includes(c))
  })
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** Brands the answers name that the project does not track (see the module comment for the rules). */
export function discoverBrands(answers: DiscoveryAnswer[], tracked: BrandDef[]): Discovery {
  const trackedNames = tracked.flatMap((b) => [b.name, ...(b.alternativeNames ?? [])])
  const own = tracked.find((b) => b.isOwn)
  let trackedTotal = 0
  let ownTotal = 0
  for (const a of answers) {
    for (const [name, n] of Object.entries(a.mentions ?? {})) {
      trackedTotal += n
      if (own && name === own.name) ownTotal += n
    }
  }
  const candidates = new Map<string, string>()
  for (const a of answers) for (const n of candidateNames(a.text)) if (!tracks(trackedNames, n) && !candidates.has(lower(n))) candidates.set(lower(n), n)
  const defs: BrandDef[] = [...candidates.values()].map((name) => ({ name, alternativeNames: [], domains: [] }))
  const all = [...tracked, ...defs]
  const stats = new Map(defs.map((d) => [d.name, { answers: 0, models: new Set<number>(), mentions: 0, ranks: [] as number[] }]))
  for (const a of answers) {
    const counts = countAllMentions(a.text, defs)
    const ranks = parseRankings(a.text, all)
    for (const d of defs) {
      const s = stats.get(d.name)!
      const n = counts[d.name] ?? 0
      if (n > 0) {
        s.answers++
        s.models.add(a.modelId)
        s.mentions += n
      }
      if (ranks[d.name] !== undefined) s.ranks.push(ranks[d.name])
    }
  }
  const brands = defs
    .map((d) => {
      const s = stats.get(d.name)!
      const total = trackedTotal + s.mentions
      return {
        name: d.name,
        answers: s.answers,
        models: s.models.size,
        mentions: s.mentions,
        averageRank: s.ranks.length ? round1(s.ranks.reduce((x, y) => x + y, 0) / s.ranks.length) : null,
        ownShareIfTracked: total > 0 ? round1((ownTotal / total) * 100) : 0,
      }
    })
    .filter((b) => b.answers >= MIN_ANSWERS)
    .sort((a, b) => b.answers - a.answers || b.mentions - a.mentions || a.name.localeCompare(b.name))
    .slice(0, MAX_SHOWN)
  return { brands, ownShare: trackedTotal > 0 ? round1((ownTotal / trackedTotal) * 100) : 0, answers: answers.length }
}
