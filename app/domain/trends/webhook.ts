/**
 * Alert webhooks (issue: alerts POSTed as JSON to a URL the owner sets): https only, public addresses only.
 * Pure: the URL and address rules. The delivery (activities/trends.ts) resolves the host on every delivery and
 * checks each address with publicAddress before it connects, so a name that later points inside is refused too.
 */
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { text } from '../validation'
import { localName, publicAddress } from '../net/address'

/** The header carrying `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the project's secret>`. */
export const SIGNATURE_HEADER = 'X-Brand-Visibility-Signature'
/** Unix seconds of the delivery; part of the signed text, so a receiver can refuse old replays. */
export const TIMESTAMP_HEADER = 'X-Brand-Visibility-Timestamp'

export { publicAddress }

/**
 * The URL rules a webhook must meet, the same when it is saved and before each delivery: no credentials, not a
 * literal non-public address or a local name, https. `allow` is for tests only: exact addresses of a receiver that
 * may be reached, over http too (empty in the app and the worker).
 */
export function webhookUrlProblem(raw: string, allow: ReadonlySet<string> = new Set()): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Webhook URL is not a valid URL'
  }
  if (url.username || url.password) return 'Webhook URL must not contain a user name or password'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (allow.has(host)) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'Webhook URL must use https'
  if (ipaddr.isValid(host)) {
    const v = publicAddress(host)
    if (!v.ok) return `Webhook URL must point to a public address: ${v.reason}`
  } else if (localName(host)) {
    return `Webhook URL must point to a public address: ${host} is a local name`
  }
  if (url.protocol !== 'https:') return 'Webhook URL must use https'
  return null
}

export const webhookSchema = z.object({
  url: text('Webhook URL', 2000, { required: 'Webhook URL is required' }).superRefine((u, ctx) => {
    const problem = webhookUrlProblem(u)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})
