/**
 * What a canary answer looks like, reduced to features that move when a model is updated: its
 * length, its list (shape and item count), the items it ranks, the domains it cites and the model version the
 * vendor returned; and the test that says when a day's canaries moved beyond their own noise. Pure.
 *
 * The test, per model and day, against the previous 14 days (at least 5 of them):
 * - numeric features (mean length, mean list items, share of numbered lists): z = (today - mean) / sd of the
 *   previous days' values, the sd floored (5 % of the mean length, half an item, 10 points of share) so that a model
 *   that never varies is not flagged for a one-word difference; flagged at |z| >= 4;
 * - ranked items and cited domains: the overlap (Jaccard) of today's set with the previous day's, flagged when it
 *   falls 4 sd (floored at 0.05) below the day-to-day overlaps of the previous days;
 * - the returned model version: flagged when it differs from the previous day's.
 * A threshold of 4 sd keeps false flags rare across five features, six models and a year of daily runs.
 */
export interface CanaryFingerprint {
  length: number
  listItems: number
  shape: 'numbered' | 'bulleted' | 'table' | 'prose'
  items: string[]
  domains: string[]
  version: string
}

const NUMBERED = /^\s*(?:\d{1,2}[.)、．]|#\d{1,2}\b)\s*/
const BULLET = /^\s*[-*•·]\s+/

function itemName(line: string): string {
  return line
    .replace(NUMBERED, '')
    .replace(BULLET, '')
    .replace(/[*_`#]/g, '')
    .split(/[:：–—(]| - /)[0]
    .trim()
    .toLowerCase()
    .slice(0, 40)
}

const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}

export function fingerprintOf(text: string, citations: readonly { url: string }[], version: string): CanaryFingerprint {
  const lines = text.split('\n')
  const numbered = lines.filter((l) => NUMBERED.test(l))
  const bulleted = lines.filter((l) => BULLET.test(l))
  const table = lines.filter((l) => /^\s*\|.*\|\s*$/.test(l) && !/^\s*\|[\s:|-]+\|\s*$/.test(l))
  const list = numbered.length >= bulleted.length ? numbered : bulleted
  const shape = numbered.length >= 2 ? 'numbered' : bulleted.length >= 2 ? 'bulleted' : table.length >= 3 ? 'table' : 'prose'
  const domains = [...new Set(citations.map((c) => domainOf(c.url)).filter((d): d is string => !!d))].sort()
  return { length: [...text].length, listItems: list.length, shape, items: list.slice(0, 10).map(itemName).filter(Boolean), domains, version }
}

/** One model's canaries of one day, summarised. */
export interface CanaryDay {
  date: string
  meanLength: number
  meanItems: number
  numberedShare: number
  items: string[]
  domains: string[]
  versions: string[]
  answers: number
}

export function canaryDayOf(date: string, prints: readonly CanaryFingerprint[]): CanaryDay {
  const n = prints.length || 1
  return {
    date,
    meanLength: prints.reduce((s, p) => s + p.length, 0) / n,
    meanItems: prints.reduce((s, p) => s + p.listItems, 0) / n,
    numberedShare: prints.filter((p) => p.shape === 'numbered').length / n,
    items: [...new Set(prints.flatMap((p) => p.items))].sort(),
    domains: [...new Set(prints.flatMap((p) => p.domains))].sort(),
    versions: [...new Set(prints.map((p) => p.version).filter(Boolean))].sort(),
    answers: prints.length,
  }
}

export const CANARY_BASELINE_DAYS = 14
export const CANARY_MIN_BASELINE = 5
export const CANARY_Z = 4

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const A = new Set(a)
  const B = new Set(b)
  const union = new Set([...A, ...B]).size
  if (union === 0) return 1
  let both = 0
  for (const x of A) if (B.has(x)) both++
  return both / union
}

const meanSd = (xs: readonly number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length
  const v = xs.length > 1 ? xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) : 0
  return { m, sd: Math.sqrt(v) }
}

export interface CanaryShift {
  changed: boolean
  /** Which features moved: 'version', 'length', 'list items', 'list shape', 'ranked items', 'cited domains'. */
  reasons: string[]
}

/** Today's canaries against the previous days (oldest first; the last 14 are used). */
export function canaryShift(previous: readonly CanaryDay[], today: CanaryDay): CanaryShift {
  const reasons: string[] = []
  const last = previous[previous.length - 1]
  if (last && last.versions.length && today.versions.length && last.versions.join('|') !== today.versions.join('|')) reasons.push('version')
  const base = previous.slice(-CANARY_BASELINE_DAYS)
  if (base.length >= CANARY_MIN_BASELINE) {
    const numeric: [string, (d: CanaryDay) => number, (m: number) => number][] = [
      ['length', (d) => d.meanLength, (m) => 0.05 * m],
      ['list items', (d) => d.meanItems, () => 0.5],
      ['list shape', (d) => d.numberedShare, () => 0.1],
    ]
    for (const [name, f, floor] of numeric) {
      const { m, sd } = meanSd(base.map(f))
      if (Math.abs(f(today) - m) / Math.max(sd, floor(m), 1e-9) >= CANARY_Z) reasons.push(name)
    }
    const sets: [string, (d: CanaryDay) => string[]][] = [['ranked items', (d) => d.items], ['cited domains', (d) => d.domains]]
    for (const [name, f] of sets) {
      const overlaps = base.slice(1).map((d, i) => jaccard(f(base[i]), f(d)))
      if (overlaps.length < 2) continue
      const { m, sd } = meanSd(overlaps)
      if ((m - jaccard(f(last), f(today))) / Math.max(sd, 0.05) >= CANARY_Z) reasons.push(name)
    }
  }
  return { changed: reasons.length > 0, reasons }
}

/** "GPT-5 answers changed on 12/03: …" (day/month, as the example). */
export function modelChangeMessage(modelName: string, date: string): string {
  const [, mm, dd] = date.split('-')
  return `${modelName} answers changed on ${dd}/${mm}: trend moves on that day are more likely the model than your content`
}
