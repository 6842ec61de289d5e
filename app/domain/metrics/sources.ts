/**
 * Cited-source handling (spec §5 "Source data", §3 "Site aggregate").
 *
 * Decisions where the spec is silent:
 * - normaliseDomain accepts a full URL or a bare host ("www.nike.com", "nike.com/x",
 *   "//cdn.nike.com"); any other scheme (ftp:, mailto:, javascript:, data: ...) gives
 *   null. IP addresses, hosts without a dot, reserved or non-alphabetic top-level
 *   labels (localhost, .local, .test, .invalid, .internal, .example ...) are "unknown"
 *   and give null.
 * - A two-part country suffix is a two-letter country label preceded by one of the
 *   usual second-level labels (co, com, org, net, ac, gov, edu, ltd, plc, ne, or ...):
 *   co.uk, com.au, co.jp, com.br, org.uk ... The result keeps three labels there.
 * - classifySource normalises the domain it is given and each brand domain the same
 *   way. "Same last two labels" compares registrable domains (so nike.co.uk and
 *   bbc.co.uk do not match on "co.uk"). A brand domain that is not a valid domain
 *   (projects store a brand name as brandDomain) is lowercased and used as is, so the
 *   substring rule still applies to it.
 * - The own brand's name gets the same name rule as competitors (letters and digits,
 *   at least 3, at the start of the domain or after a dot), so a project without
 *   configured domains still recognises its own site. Own brand wins over competitors.
 *   Alternative names are not used for classification (the spec says "name").
 * - aggregateSites counts a URL once per (model, query, sample) even if an answer cites
 *   it several times; siteName is the capitalised first label of the domain.
 */
import type { BrandDef } from './brands'

export type SourceType = 'Owned' | 'Competitor' | 'Earned'

const TWO_PART_SECOND_LEVEL = new Set([
  'ac', 'co', 'com', 'edu', 'gob', 'gov', 'govt', 'go', 'int', 'ltd', 'mil', 'ne', 'net', 'nom', 'or', 'org', 'plc',
  'sch', 'info', 'biz', 'gen', 'firm', 'ind', 'nic', 'kiwi',
])
const RESERVED_TLDS = new Set(['local', 'localhost', 'localdomain', 'invalid', 'test', 'example', 'internal', 'lan', 'home', 'corp', 'intranet', 'onion', 'arpa'])
const TLD_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i

function isTwoPartSuffix(labels: string[]): boolean {
  if (labels.length < 2) return false
  const tld = labels[labels.length - 1]
  const sld = labels[labels.length - 2]
  return tld.length === 2 && /^[a-z]{2}$/.test(tld) && TWO_PART_SECOND_LEVEL.has(sld)
}

/** The host of a URL or bare host, lowercased, or null if not an http(s) address. */
function hostOf(urlOrHost: string): string | null {
  let s = (urlOrHost ?? '').trim()
  if (!s) return null
  if (s.startsWith('//')) s = `http:${s}`
  else if (!/^https?:\/\//i.test(s)) {
    if (s.includes('://') || OTHER_SCHEME.test(s)) return null
    s = `http://${s}`
  }
  let url: URL
  try {
    url = new URL(s)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return url.hostname.toLowerCase().replace(/\.$/, '')
}

/** §5: registrable domain of an http(s) URL or host (www stripped), or null. */
export function normaliseDomain(urlOrHost: string): string | null {
  const host = hostOf(urlOrHost)
  if (!host || host.startsWith('[')) return null
  const labels = host.split('.').filter((l) => l.length > 0)
  if (labels[0] === 'www' || /^www\d$/.test(labels[0] ?? '')) labels.shift()
  if (labels.length < 2) return null
  if (!labels.every((l) => LABEL_RE.test(l))) return null
  const tld = labels[labels.length - 1]
  if (!TLD_RE.test(tld) || RESERVED_TLDS.has(tld)) return null
  const keep = isTwoPartSuffix(labels) ? 3 : 2
  if (labels.length < keep) return null // only a public suffix, e.g. "co.uk"
  return labels.slice(-keep).join('.')
}

/** Lowercased domain-ish form of a configured brand domain, for matching. */
function candidateForm(raw: string): string | null {
  const n = normaliseDomain(raw)
  if (n) return n
  const s = (raw ?? '').trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\d?\./, '').replace(/[/?#].*$/, '')
  return s.length > 0 ? s : null
}

/** §5 domain match: equal, subdomain, same registrable domain, or substring when both >= 4 chars. */
export function domainMatches(domain: string, brandDomain: string): boolean {
  const d = candidateForm(domain)
  const c = candidateForm(brandDomain)
  if (!d || !c) return false
  if (d === c) return true
  if (d.endsWith(`.${c}`) || c.endsWith(`.${d}`)) return true
  if (d.length >= 4 && c.length >= 4 && (d.includes(c) || c.includes(d))) return true
  return false
}

/** A brand name reduced to letters and digits (diacritics removed), lowercased. */
export function nameKey(name: string): string {
  return (name ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

/** §5 name rule: key of at least 3 characters at the start of the domain or right after a dot. */
export function nameMatchesDomain(domain: string, name: string): boolean {
  const key = nameKey(name)
  if (key.length < 3) return false
  const d = candidateForm(domain)
  if (!d) return false
  return d.startsWith(key) || d.includes(`.${key}`)
}

/** §5: Owned (own domains or own name), Competitor (their domains or names), else Earned. */
export function classifySource(domain: string, own: BrandDef, competitors: BrandDef[]): SourceType {
  if (!domain || !domain.trim()) return 'Earned'
  if ((own.domains ?? []).some((bd) => domainMatches(domain, bd)) || nameMatchesDomain(domain, own.name)) return 'Owned'
  for (const c of competitors) {
    if (c === own) continue
    if ((c.domains ?? []).some((bd) => domainMatches(domain, bd)) || nameMatchesDomain(domain, c.name)) return 'Competitor'
  }
  return 'Earned'
}

// ---------------------------------------------------------------------------
// Site aggregate (§3)

export interface SiteCitation {
  url: string
  title?: string | null
  modelId: number
  queryIndex: number
  query?: string
  sample?: number
}

export interface SiteAggregate {
  siteName: string
  domain: string
  type: SourceType
  totalMentions: number
  mentionsByModel: Record<number, number>
  /** Query indexes citing the site, per model and overall (ascending). */
  queriesByModel: Record<number, number[]>
  queries: number[]
  urls: string[]
  titles: string[]
}

export function siteNameOf(domain: string): string {
  const first = domain.split('.')[0] ?? domain
  return first.charAt(0).toUpperCase() + first.slice(1)
}

/** Per-domain citation counts, most cited first (ties by domain). Invalid URLs are skipped. */
export function aggregateSites(citations: SiteCitation[], own: BrandDef, competitors: BrandDef[]): SiteAggregate[] {
  const sites = new Map<string, SiteAggregate & { _q: Set<number>; _qm: Map<number, Set<number>> }>()
  const seen = new Set<string>()
  for (const c of citations) {
    const domain = normaliseDomain(c.url)
    if (!domain) continue
    const url = c.url.trim()
    const key = `${c.modelId}|${c.queryIndex}|${c.sample ?? 0}|${url}`
    if (seen.has(key)) continue
    seen.add(key)
    let s = sites.get(domain)
    if (!s) {
      s = {
        siteName: siteNameOf(domain), domain, type: classifySource(domain, own, competitors), totalMentions: 0,
        mentionsByModel: {}, queriesByModel: {}, queries: [], urls: [], titles: [], _q: new Set(), _qm: new Map(),
      }
      sites.set(domain, s)
    }
    s.totalMentions++
    s.mentionsByModel[c.modelId] = (s.mentionsByModel[c.modelId] ?? 0) + 1
    s._q.add(c.queryIndex)
    let qm = s._qm.get(c.modelId)
    if (!qm) s._qm.set(c.modelId, (qm = new Set()))
    qm.add(c.queryIndex)
    if (!s.urls.includes(url)) s.urls.push(url)
    const title = c.title?.trim()
    if (title && !s.titles.includes(title)) s.titles.push(title)
  }
  const out: SiteAggregate[] = []
  for (const s of sites.values()) {
    const { _q, _qm, ...rest } = s
    rest.queries = [..._q].sort((a, b) => a - b)
    for (const [m, set] of _qm) rest.queriesByModel[m] = [...set].sort((a, b) => a - b)
    out.push(rest)
  }
  return out.sort((a, b) => b.totalMentions - a.totalMentions || a.domain.localeCompare(b.domain))
}

/** Query coverage of a site for one model: cited queries / total queries, with the percent rounded. */
export function queryCoverage(cited: number, total: number): { cited: number; total: number; percent: number } {
  return { cited, total, percent: total > 0 ? Math.round((cited / total) * 100) : 0 }
}
