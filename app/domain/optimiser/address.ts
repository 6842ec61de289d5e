/**
 * Which URLs and addresses the optimiser may fetch: http(s) only, and only public addresses (the shared rule
 * of app/domain/net/address.ts), including the numeric IPv4 forms (2130706433, 0x7f.1, 127.1), which the
 * WHATWG URL parser already turns into dotted quads. Pure (no DNS here: the fetcher checks each resolved address).
 */
import ipaddr from 'ipaddr.js'
import { localName, publicAddress, type AddressVerdict } from '../net/address'

export const REFUSED_PREFIX = 'This address cannot be fetched: '

export type { AddressVerdict }

/** Whether an IP address (text) is a public unicast address: the shared rule of app/domain/net. `allowLoopback` is for tests only. */
export const checkAddress = publicAddress

/** Tests only: `true` lets any loopback address through; a list of ports lets loopback through on those ports only. */
export type LoopbackAllowance = boolean | readonly number[]

/** OPTIMISER_FETCH_ALLOW_LOOPBACK: `true`, or comma-separated ports (`45123`, the test stack's page server); anything else allows none. */
export function loopbackAllowance(value: string | undefined): LoopbackAllowance {
  if (value === 'true') return true
  const ports = (value ?? '').split(',').map((p) => p.trim()).filter((p) => /^\d{1,5}$/.test(p)).map(Number)
  return ports.length ? ports : false
}

/** Whether the allowance lets this URL reach a loopback address (by its port when the allowance lists ports). */
export function loopbackAllowedFor(allow: LoopbackAllowance | undefined, url: URL): boolean {
  if (allow === true) return true
  if (!allow) return false
  return allow.includes(Number(url.port || (url.protocol === 'https:' ? 443 : 80)))
}

/** A URL the optimiser may try: parsed, http(s), no credentials, and a host that is not a refused literal address. */
export function checkUrl(raw: string, options: { allowLoopback?: LoopbackAllowance } = {}): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, reason: 'it is not a valid URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'only http and https URLs are fetched' }
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not fetched' }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!host) return { ok: false, reason: 'the URL has no host' }
  const opts = { allowLoopback: loopbackAllowedFor(options.allowLoopback, url) }
  if (ipaddr.isValid(host)) {
    const v = checkAddress(host, opts)
    if (!v.ok) return v
  } else if (localName(host) && !opts.allowLoopback) {
    return { ok: false, reason: `${host} is a local name` }
  }
  return { ok: true, url }
}
