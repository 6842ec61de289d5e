/**
 * The one rule for which addresses and host names the server may connect to on a user's behalf (the optimiser's
 * page fetches, alert webhooks): public unicast only. IPv4: ipaddr.js's `unicast` range (never loopback, private,
 * link-local, carrier-grade NAT, multicast, reserved or unspecified). IPv6: global unicast only, 2000::/3 minus
 * the special ranges (documentation, Teredo, benchmarking, ORCHID …); an IPv4-mapped address (::ffff:a.b.c.d) is
 * judged as its IPv4 address, and every other form that embeds an IPv4 address — IPv4-compatible (::/96),
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16), Teredo (2001::/32) — is refused whatever it embeds. Pure: callers check
 * each address a name resolves to.
 */
import ipaddr from 'ipaddr.js'

export type AddressVerdict = { ok: true } | { ok: false; reason: string }

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')

/** Whether an IP address (text, brackets and zone allowed) is public. `allowLoopback` is for tests only. */
export function publicAddress(address: string, opts: { allowLoopback?: boolean } = {}): AddressVerdict {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(text)) return { ok: false, reason: `${address} is not an IP address` }
  let ip = ipaddr.parse(text)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  const range = ip.range()
  if (range === 'loopback' && opts.allowLoopback) return { ok: true }
  if (range !== 'unicast') return { ok: false, reason: `${address} is a ${range} address` }
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST)) return { ok: false, reason: `${address} is not a global unicast address` }
  return { ok: true }
}

/** A name that only means something inside a network (localhost, *.local, a single label …); a trailing dot changes nothing. */
export function localName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '')
  return !name.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/.test(name)
}
