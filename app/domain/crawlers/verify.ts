/**
 * Is a hit that claims to be a bot from that vendor? Checked against the vendor's published address list
 * (ip-ranges.json, refreshed by scripts/crawler-ranges.ts). Pure.
 */
import ipaddr from 'ipaddr.js'
import ranges from './ip-ranges.json'
import { agentByToken } from './bots'

export type Verification = 'verified' | 'unverified' | 'unknown'

export interface RangeList {
  url: string
  /** The day the list was fetched from the vendor; null for the partial mirror copy shipped first. */
  fetchedAt: string | null
  prefixes: string[]
}

export const RANGE_LISTS: Record<string, RangeList> = ranges.lists

const PARSED = new Map(
  Object.entries(RANGE_LISTS).map(([key, list]) => [key, list.prefixes.map((p) => ipaddr.parseCIDR(p))]),
)

export function inRanges(ip: string, key: string): boolean {
  const cidrs = PARSED.get(key)
  if (!cidrs || !ipaddr.isValid(ip)) return false
  let addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address()
  return cidrs.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))
}

/**
 * 'verified' inside the vendor's list, 'unverified' outside it, 'unknown' when the vendor publishes no list
 * (or documents reverse DNS only, which the optional verification step checks).
 */
export function verifyBot(token: string | null, ip: string): Verification {
  if (!token || token === 'other') return 'unknown'
  const agent = agentByToken(token)
  if (!agent?.ranges) return 'unknown'
  return inRanges(ip, agent.ranges) ? 'verified' : 'unverified'
}

/** The agents whose vendors document reverse-DNS verification (the optional step after an ingest checks them). */
export const needsReverseDns = (token: string | null) => !!token && !!agentByToken(token)?.rdns && !agentByToken(token)?.ranges

/** The host name without a trailing dot, lower case. */
const hostName = (name: string) => name.toLowerCase().replace(/\.$/, '')

/**
 * Forward-confirmed reverse DNS: a hit is verified when one of its address's PTR names ends in a domain the vendor
 * documents and that name's A/AAAA records hold the address again (`confirmed`: the names that did).
 */
export function reverseDnsVerdict(token: string, confirmed: string[]): Verification {
  const suffixes = agentByToken(token)?.rdns
  if (!suffixes) return 'unknown'
  return confirmed.some((n) => suffixes.some((s) => hostName(n).endsWith(s))) ? 'verified' : 'unverified'
}

/** The name a PTR query asks about an address: 1.66.249.66.in-addr.arpa, or the nibbles of ip6.arpa. */
export function ptrName(ip: string): string {
  const a = ipaddr.parse(ip)
  if (a.kind() === 'ipv4') return `${a.toByteArray().reverse().join('.')}.in-addr.arpa`
  const hex = a.toByteArray().map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${[...hex].reverse().join('.')}.ip6.arpa`
}
