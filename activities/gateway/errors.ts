import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import { apiKeyEnvName, PROVIDER_DEFAULTS, providerDisplayName, vendorName } from '../../app/domain/providers'
import type { ProviderKey } from './types'

/**
 * rate_limited and transient are worth retrying (Temporal's retry policy does it);
 * permanent and configuration are not: the same request will fail the same way.
 */
export type GatewayErrorKind = 'rate_limited' | 'transient' | 'permanent' | 'configuration'

export interface GatewayErrorInit {
  kind: GatewayErrorKind
  provider: ProviderKey
  /** Technical detail for logs. */
  message: string
  /** One sentence a marketer understands. */
  userMessage: string
  status?: number
  retryAfterMs?: number
  cause?: unknown
}

export class GatewayError extends Error {
  readonly kind: GatewayErrorKind
  readonly provider: ProviderKey
  readonly status?: number
  readonly retryAfterMs?: number
  readonly userMessage: string

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'GatewayError'
    this.kind = init.kind
    this.provider = init.provider
    this.status = init.status
    this.retryAfterMs = init.retryAfterMs
    this.userMessage = init.userMessage
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'transient'
  }
}

// ---------------------------------------------------------------------------
// Errors the gateway raises itself

export function notConfiguredError(provider: ProviderKey): GatewayError {
  const env = provider === 'gemini' ? 'GEMINI_API_KEY (or GOOGLE_API_KEY)' : apiKeyEnvName(provider)
  return new GatewayError({
    kind: 'configuration',
    provider,
    message: `${provider} has no API key`,
    userMessage: `${providerDisplayName(provider)} is not configured: set ${env}.`,
  })
}

export function timeoutError(provider: ProviderKey, timeoutMs: number, cause?: unknown): GatewayError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000))
  return new GatewayError({
    kind: 'transient',
    provider,
    message: `${provider} did not answer within ${timeoutMs} ms`,
    userMessage: `${providerDisplayName(provider)} did not answer within ${seconds} s; retrying.`,
    cause,
  })
}

export function cancelledError(provider: ProviderKey, cause?: unknown): GatewayError {
  return new GatewayError({
    kind: 'transient',
    provider,
    message: `${provider} call was cancelled`,
    userMessage: `The request to ${providerDisplayName(provider)} was cancelled.`,
    cause,
  })
}

export function emptyAnswerError(provider: ProviderKey, detail = 'empty answer'): GatewayError {
  return new GatewayError({
    kind: 'transient',
    provider,
    message: `${provider} returned an empty answer (${detail})`,
    userMessage: `${providerDisplayName(provider)} returned an empty answer; retrying.`,
  })
}

/**
 * Unparseable or schema-violating structured output. Classified 'transient' on purpose:
 * model output varies between calls, so a retry usually fixes it, and Temporal's retry
 * policy bounds the attempts.
 */
export function malformedJsonError(provider: ProviderKey, detail: string): GatewayError {
  return new GatewayError({
    kind: 'transient',
    provider,
    message: `The model returned malformed JSON (${provider}: ${detail})`,
    userMessage: `${providerDisplayName(provider)} returned malformed JSON; retrying.`,
  })
}

/** A permanent refusal; the vendor's reason (Gemini's finishReason and finishMessage, ...) is shown to the user. */
export function refusalError(provider: ProviderKey, detail: string): GatewayError {
  return new GatewayError({
    kind: 'permanent',
    provider,
    message: `${provider} refused: ${detail}`,
    userMessage: `${providerDisplayName(provider)} refused to answer this prompt (${truncate(detail, 240)}).`,
  })
}

// ---------------------------------------------------------------------------
// Classification of SDK / network errors

type HeaderBag = { get(name: string): string | null | undefined }

function headerBag(value: unknown): HeaderBag | undefined {
  if (!value || typeof value !== 'object') return undefined
  if (typeof (value as Headers).get === 'function') return value as Headers
  const record = value as Record<string, unknown>
  return {
    get(name: string) {
      const hit = Object.keys(record).find((k) => k.toLowerCase() === name)
      const v = hit === undefined ? undefined : record[hit]
      return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined
    },
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The decoded error body, whichever SDK raised it. */
function errorBody(err: unknown): Record<string, unknown> | undefined {
  if (!isRecord(err)) return undefined
  // @google/genai ApiError: message is the JSON body.
  if (typeof err.message === 'string' && err.message.startsWith('{')) {
    try {
      const parsed = JSON.parse(err.message)
      if (isRecord(parsed)) return parsed
    } catch {}
  }
  // OpenAI SDK: `error` is body.error; Anthropic SDK: `error` is the whole body.
  const e = err.error
  if (isRecord(e)) return 'error' in e || 'type' in e ? e : { error: e }
  if (typeof e === 'string') return { error: e }
  return undefined
}

function innerError(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!body) return undefined
  if (isRecord(body.error)) return body.error
  return body
}

function vendorMessage(err: unknown, body: Record<string, unknown> | undefined): string {
  const inner = innerError(body)
  const msg = inner?.message ?? body?.message ?? (typeof body?.error === 'string' ? body.error : undefined)
  if (typeof msg === 'string' && msg) return msg
  if (err instanceof Error) return err.message
  return String(err)
}

/** "26s", "0.5s", "1m30s", "120ms", "6m0s" -> milliseconds. */
export function parseDurationMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g
  let total = 0
  let matched = ''
  for (const m of text.matchAll(re)) {
    const n = Number(m[1])
    total += m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n * 3_600_000
    matched += m[0]
  }
  return matched.length > 0 && matched.length === text.replace(/\s+/g, '').length ? total : undefined
}

function retryAfterFrom(headers: HeaderBag | undefined, body: Record<string, unknown> | undefined, message: string, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms')
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms))
  const ra = headers?.get('retry-after')
  if (ra) {
    if (Number.isFinite(Number(ra))) return Math.max(0, Number(ra) * 1000)
    const at = Date.parse(ra)
    if (Number.isFinite(at)) return Math.max(0, at - now)
  }
  // Gemini: google.rpc.RetryInfo in error.details.
  const details = innerError(body)?.details
  if (Array.isArray(details)) {
    for (const d of details) {
      if (isRecord(d) && typeof d['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo')) {
        const delay = parseDurationMs(typeof d.retryDelay === 'string' ? d.retryDelay : undefined)
        if (delay !== undefined) return delay
      }
    }
  }
  // OpenAI: "Please try again in 26.604s." / "in 20ms".
  const inMessage = /try again in (\d+(?:\.\d+)?\s*(?:ms|s))/i.exec(message)
  if (inMessage) {
    const d = parseDurationMs(inMessage[1].replace(/\s+/g, ''))
    if (d !== undefined) return d
  }
  // Anthropic: anthropic-ratelimit-*-reset (RFC 3339) of exhausted limits.
  let best: number | undefined
  for (const kind of ['requests', 'tokens', 'input-tokens', 'output-tokens']) {
    const remaining = headers?.get(`anthropic-ratelimit-${kind}-remaining`)
    const reset = headers?.get(`anthropic-ratelimit-${kind}-reset`)
    if (reset && remaining === '0') {
      const at = Date.parse(reset)
      if (Number.isFinite(at)) best = Math.max(best ?? 0, at - now)
    }
  }
  if (best !== undefined) return Math.max(0, best)
  // OpenAI: x-ratelimit-reset-* durations of exhausted limits.
  for (const kind of ['requests', 'tokens']) {
    if (headers?.get(`x-ratelimit-remaining-${kind}`) === '0') {
      const d = parseDurationMs(headers?.get(`x-ratelimit-reset-${kind}`))
      if (d !== undefined) best = Math.max(best ?? 0, d)
    }
  }
  return best
}

const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|UND_ERR|socket hang up|fetch failed|network/i

/** A network error code (ECONNREFUSED...) from the error or its causes, else a matching message. */
function networkDetail(err: unknown): string | undefined {
  let message: string | undefined
  let e: unknown = err
  for (let depth = 0; depth < 5 && isRecord(e); depth++) {
    if (typeof e.code === 'string' && NETWORK_CODES.test(e.code)) return e.code
    if (!message && e instanceof Error && NETWORK_CODES.test(e.message)) message = e.message
    e = e.cause
  }
  return message
}

function truncate(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** Vendor text as the end of a sentence: truncated, with a closing full stop. */
function sentence(text: string, max: number): string {
  const t = truncate(text, max)
  return /[.!?…]$/.test(t) ? t : `${t}.`
}

export function classifyError(provider: ProviderKey, err: unknown): GatewayError {
  if (err instanceof GatewayError) return err
  const name = providerDisplayName(provider)
  const vendor = vendorName(provider)
  const envKey = apiKeyEnvName(provider)
  const prefix = PROVIDER_DEFAULTS[provider].envPrefix

  if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof Anthropic.APIConnectionTimeoutError) {
    return new GatewayError({ kind: 'transient', provider, message: `${provider}: request timed out`, userMessage: `${name} did not answer in time; retrying.`, cause: err })
  }
  if (err instanceof OpenAI.APIUserAbortError || err instanceof Anthropic.APIUserAbortError || (isRecord(err) && err.name === 'AbortError')) {
    return cancelledError(provider, err)
  }

  const status = isRecord(err) && typeof err.status === 'number' ? err.status : undefined
  if (status === undefined) {
    const net = err instanceof OpenAI.APIConnectionError || err instanceof Anthropic.APIConnectionError ? (networkDetail(err) ?? 'connection error') : networkDetail(err)
    if (net) {
      return new GatewayError({ kind: 'transient', provider, message: `${provider}: network error: ${net}`, userMessage: `${name} could not be reached (${truncate(net, 60)}); retrying.`, cause: err })
    }
    const message = err instanceof Error ? err.message : String(err)
    return new GatewayError({ kind: 'permanent', provider, message: `${provider}: unexpected error: ${message}`, userMessage: `${name} failed with an unexpected error: ${sentence(message, 120)}`, cause: err })
  }

  const body = errorBody(err)
  const inner = innerError(body)
  const message = vendorMessage(err, body)
  const headers = headerBag(isRecord(err) ? err.headers : undefined)
  const code = [inner?.code, inner?.type, inner?.status].filter((v) => typeof v === 'string').join(' ')
  const reasons = Array.isArray(inner?.details) ? JSON.stringify(inner.details) : ''
  const technical = `${provider} ${status}${code ? ` ${code}` : ''}: ${message}`

  if (/insufficient_quota/.test(code)) {
    return new GatewayError({ kind: 'configuration', provider, status, message: technical, userMessage: `The ${vendor} account has run out of credit (${status}). Check billing for ${envKey}.`, cause: err })
  }
  if (status === 401 || status === 403 || /API_KEY_INVALID|API key not valid/i.test(reasons + message)) {
    return new GatewayError({ kind: 'configuration', provider, status, message: technical, userMessage: `The ${vendor} API key was rejected (${status}). Check ${envKey}.`, cause: err })
  }
  if (status === 429) {
    const retryAfterMs = retryAfterFrom(headers, body, message)
    const rounded = retryAfterMs === undefined ? undefined : Math.round(retryAfterMs)
    const when = rounded === undefined ? 'shortly' : `in ${Math.max(1, Math.ceil(rounded / 1000))} s`
    return new GatewayError({ kind: 'rate_limited', provider, status, retryAfterMs: rounded, message: technical, userMessage: `${name} is rate limited; retrying ${when}.`, cause: err })
  }
  if (status === 529) {
    return new GatewayError({ kind: 'transient', provider, status, message: technical, userMessage: `${name} is overloaded (529); retrying.`, cause: err })
  }
  if (status >= 500 || status === 408 || status === 409) {
    return new GatewayError({ kind: 'transient', provider, status, message: technical, userMessage: `${name} is temporarily unavailable (${status}); retrying.`, cause: err })
  }
  if (status === 404) {
    return new GatewayError({ kind: 'permanent', provider, status, message: technical, userMessage: `${name} rejected the request (404 not found): ${sentence(message, 120)} Check ${prefix}_MODEL and ${prefix}_BASE_URL.`, cause: err })
  }
  return new GatewayError({ kind: 'permanent', provider, status, message: technical, userMessage: `${name} rejected the request (${status}): ${sentence(message, 160)}`, cause: err })
}
