/**
 * Cited-source handling ("Source data", "Site aggregate").
 *
 * Decisions where the spec is silent:
 * - Registrable domains come from the Public Suffix List (tldts), private section included:
 *   bbc.co.uk, abc.com.au, and also alice.github.io or my.blogspot.com are sites of their own
 *   (the spec's "three labels for two-part country suffixes" generalised to every suffix).
 * - normaliseDomain accepts a full URL or a bare host ("www.nike.com", "nike.com/x",
 *   "//cdn.nike.com"); any other scheme (ftp:, mailto:, javascript:, data: ...) gives null.
 *   IP addresses, hosts without a dot, a bare public suffix and hosts whose suffix is not on
 *   the list (localhost, .local, .test, .internal, .invalid ...) are "unknown" and give null.
 *   International domains are kept in their ASCII (punycode) form, as URLs carry them.
 * - classifySource normalises the domain it is given and each brand domain the same
 *   way. "Same last two labels" compares registrable domains (so nike.co.uk and
 *   bbc.co.uk do not match on "co.uk"). A brand domain that is not a valid domain
 *   (projects store a brand name as brandDomain) is lowercased and used as is, so the
 *   substring rule still applies to it.
 * - Owned is decided by the own brand's domains; only when a project has no own domain
 *   configured, the own brand's name gets the competitors' name rule so its site is still
 *   recognised. Own brand wins over competitors. Alternative names are not used for
 *   classification (the spec says "name").
 * - aggregateSites counts a URL once per (model, query, sample) even if an answer cites
 *   it several times; siteName is the capitalised first label of the domain.
 */
import { parse } from 'tldts'
import type { BrandDef } from '../metrics/brands'

export type SourceType = 'Owned' | 'Competitor' | 'Earned'

const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i

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

/** Results of normaliseDomain by input: a page of insights classifies the same few hundred domains thousands of times. */
const normalised = new Map<string, string | null>()
const NORMALISED_MAX = 20_000

/** Registrable domain of an http(s) URL or host (www stripped), or null when not a known public domain. */
export function normaliseDomain(urlOrHost: string): string | null {
  const key = urlOrHost ?? ''
  const hit = normalised.get(key)
  if (hit !== undefined) return hit
  const value = computeDomain(key)
  if (normalised.size >= NORMALISED_MAX) normalised.clear()
  normalised.set(key, value)
  return value
}

function computeDomain(urlOrHost: string): string | null {
  const host = hostOf(urlOrHost)
  if (!host || host.startsWith('[')) return null
  const p = parse(host, { allowPrivateDomains: true, extractHostname: false })
  if (p.isIp || !p.domain || !p.publicSuffix || /^www\d?$/.test(p.domainWithoutSuffix ?? '')) return null
  // A suffix that is on neither section of the list (localhost, .local, .internal ...) is unknown.
  if (!p.isIcann && !p.isPrivate) return null
  return p.domain
}

/** Lowercased domain-ish form of a configured brand domain, for matching. */
function candidateForm(raw: string): string | null {
  const n = normaliseDomain(raw)
  if (n) return n
  const s = (raw ?? '').trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\d?\./, '').replace(/[/?#].*$/, '')
  return s.length > 0 ? s : null
}

/** Domain match: equal, subdomain, same registrable domain, or substring when both >= 4 chars. */
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

/** Name rule: key of at least 3 characters at the start of the domain or right after a dot. */
export function nameMatchesDomain(domain: string, name: string): boolean {
  const key = nameKey(name)
  if (key.length < 3) return false
  const d = candidateForm(domain)
  if (!d) return false
  return d.startsWith(key) || d.includes(`.${key}`)
}

/** Owned (own domains; own name only without any), Competitor (their domains or names), else Earned. */
export function classifySource(domain: string, own: BrandDef, competitors: BrandDef[]): SourceType {
  if (!domain || !domain.trim()) return 'Earned'
  const ownDomains = (own.domains ?? []).filter((d) => d && d.trim())
  if (ownDomains.length ? ownDomains.some((bd) => domainMatches(domain, bd)) : nameMatchesDomain(domain, own.name)) return 'Owned'
  for (const c of competitors) {
    if (c === own) continue
    if ((c.domains ?? []).some((bd) => domainMatches(domain, bd)) || nameMatchesDomain(domain, c.name)) return 'Competitor'
  }
  return 'Earned'
}

// ---------------------------------------------------------------------------
// Site aggregate

export interface SiteCitation {
  url: string
  /** Registrable domain when already known (e.g. from a Gemini redirect's title); else taken from the URL. */
  domain?: string
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

/**
 * Per-domain citation counts, most cited first (ties by domain). Invalid URLs are skipped. `classify` (for
 * example one memoised per page) replaces classifySource against `own` and `competitors`.
 */
export function aggregateSites(citations: SiteCitation[], own: BrandDef, competitors: BrandDef[], classify?: (domain: string) => SourceType): SiteAggregate[] {
  const sites = new Map<string, SiteAggregate & { _q: Set<number>; _qm: Map<number, Set<number>>; _urls: Set<string>; _titles: Set<string> }>()
  const seen = new Set<string>()
  for (const c of citations) {
    const domain = c.domain ?? normaliseDomain(c.url)
    if (!domain) continue
    const url = c.url.trim()
    const key = `${c.modelId}|${c.queryIndex}|${c.sample ?? 0}|${url}`
    if (seen.has(key)) continue
    seen.add(key)
    let s = sites.get(domain)
    if (!s) {
      s = {
        siteName: siteNameOf(domain), domain, type: classify ? classify(domain) : classifySource(domain, own, competitors), totalMentions: 0,
        mentionsByModel: {}, queriesByModel: {}, queries: [], urls: [], titles: [], _q: new Set(), _qm: new Map(), _urls: new Set(), _titles: new Set(),
      }
      sites.set(domain, s)
    }
    s.totalMentions++
    s.mentionsByModel[c.modelId] = (s.mentionsByModel[c.modelId] ?? 0) + 1
    s._q.add(c.queryIndex)
    let qm = s._qm.get(c.modelId)
    if (!qm) s._qm.set(c.modelId, (qm = new Set()))
    qm.add(c.queryIndex)
    if (!s._urls.has(url)) {
      s._urls.add(url)
      s.urls.push(url)
    }
    const title = c.title?.trim()
    if (title && !s._titles.has(title)) {
      s._titles.add(title)
      s.titles.push(title)
    }
  }
  const out: SiteAggregate[] = []
  for (const s of sites.values()) {
    const { _q, _qm, _urls, _titles, ...rest } = s
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
