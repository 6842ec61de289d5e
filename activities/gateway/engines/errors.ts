/**
 * The SERP providers' failures as gateway errors. Only transient ones are retried: HTTP 429 / 5xx,
 * DataForSEO 40202 (rate limit), 50000-range codes; a rejected login or an empty balance stops the model
 * (configuration), a refused request is permanent.
 */
import { GatewayError } from '../errors'
import { providerDisplayName, apiKeyEnvName } from '../../../app/domain/providers'
import type { ProviderKey } from '../types'

export interface ProviderFailure {
  /** HTTP status, when the failure came as one. */
  status?: number
  /** DataForSEO status_code (envelope or task). */
  code?: number
  message: string
  retryAfterMs?: number
}

/** DataForSEO codes: 401xx authorisation, 402xx payment (40202 is its rate limit), 5xxxx the provider's own trouble. */
export function engineError(provider: ProviderKey, f: ProviderFailure): GatewayError {
  const name = providerDisplayName(provider)
  const technical = `${provider}: ${f.status ? `HTTP ${f.status}` : ''}${f.code ? ` status_code ${f.code}` : ''}: ${f.message}`
  const init = (kind: GatewayError['kind'], userMessage: string) => new GatewayError({ kind, provider, status: f.status, retryAfterMs: f.retryAfterMs, message: technical, userMessage })
  const creditGone = /run out of searches|insufficient|balance|payment/i.test(f.message)
  if (f.status === 401 || f.status === 403 || (f.code !== undefined && f.code >= 40100 && f.code < 40200)) {
    return init('configuration', `The ${name} credentials were rejected (${f.code ?? f.status}). Check ${apiKeyEnvName(provider)}.`)
  }
  if (creditGone || f.code === 40200 || f.code === 40210) return init('configuration', `The ${name} account has run out of credit (${f.code ?? f.status}): ${f.message}`)
  if (f.status === 429 || f.code === 40202 || f.code === 40209) return init('rate_limited', `${name} is rate limited; retrying.`)
  if ((f.status !== undefined && f.status >= 500) || (f.code !== undefined && f.code >= 50000)) return init('transient', `${name} is temporarily unavailable (${f.code ?? f.status}); retrying.`)
  return init('permanent', `${name} rejected the request (${f.code ?? f.status}): ${f.message}`)
}

/** Retry-After in seconds (or an HTTP date) as milliseconds. */
export function retryAfterMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined
}
