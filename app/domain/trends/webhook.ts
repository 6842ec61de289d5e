/**
 * Alert webhooks (issue: alerts POSTed as JSON to a URL the owner sets): https only, public addresses only.
 * Pure: the URL and address rules. The delivery (activities/trends.ts) resolves the host on every delivery and
 * checks each address with publicAddress before it connects, so a name that later points inside is refused too.
 */
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { text } from '../validation'

/** The header carrying `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the project's secret>`. */
export const SIGNATURE_HEADER = 'X-Brand-Visibility-Signature'
/** Unix seconds of the delivery; part of the signed text, so a receiver can refuse old replays. */
export const TIMESTAMP_HEADER = 'X-Brand-Visibility-Timestamp'

/** Whether an IP address is a public unicast address (never loopback, private, link-local, CGNAT, multicast or reserved). */
export function publicAddress(address: string): { ok: true } | { ok: false; reason: string } {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return { ok: false, reason: `${address} is not an IP address` }
  let ip = ipaddr.parse(bare)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  const range = ip.range()
  return range === 'unicast' ? { ok: true } : { ok: false, reason: `${address} is a ${range} address` }
}

/** The URL rules a webhook must meet before any DNS: https, no credentials, not a literal non-public address or local name. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Webhook URL is not a valid URL'
  }
  if (url.protocol !== 'https:') return 'Webhook URL must use https'
  if (url.username || url.password) return 'Webhook URL must not contain a user name or password'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host)) {
    const v = publicAddress(host)
    if (!v.ok) return `Webhook URL must point to a public address: ${v.reason}`
  } else if (!host.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host)) {
    return `Webhook URL must point to a public address: ${host} is a local name`
  }
  return null
}

export const webhookSchema = z.object({
  url: text('Webhook URL', 2000, { required: 'Webhook URL is required' }).superRefine((u, ctx) => {
    const problem = webhookUrlProblem(u)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})
