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
