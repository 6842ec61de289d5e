/**
 * SerpApi through a small typed client over its documented GET API (`/search.json?engine=…&api_key=…`).
 * Not the official `serpapi` package: it fixes the host to serpapi.com:443 over https (no base URL, so it cannot
 * reach the simulator or a proxy), takes no abort signal, and rejects a non-200 reply with the body text only,
 * dropping the HTTP status (429 versus 400) and Retry-After the gateway's retry rules need.
 *
 * - Google AI Overview: engine=google; an `ai_overview` with only a `page_token` is fetched with
 *   engine=google_ai_overview (the token lasts a minute, so at once); no `ai_overview`: absent.
 * - Google AI Mode: engine=google_ai_mode. Bing Copilot: engine=bing_copilot.
 * SerpApi bills per search and reports no cost: each request costs SERPAPI_COST_PER_SEARCH (plan price ÷ searches).
 */
import type { ProviderConfig } from '../types'
import type { Adapter, EngineCall } from '../providers'
import { engineError, retryAfterMs } from './errors'
import { parseSerpApiAiOverview, parseSerpApiTextBlocks, type EngineReading } from './parse'

/** The Developer plan: USD 75 for 5,000 searches. */
export const DEFAULT_SERPAPI_COST_PER_SEARCH = 0.015

export interface SerpApiParams {
  engine: 'google' | 'google_ai_overview' | 'google_ai_mode' | 'bing_copilot'
  q?: string
  page_token?: string
  hl?: string
  gl?: string
  location?: string
  cc?: string
}

/** One GET; a non-200 reply or a body whose search_metadata.status is "Error" throws a classified gateway error. */
export async function serpApiSearch(cfg: ProviderConfig, params: SerpApiParams, signal: AbortSignal): Promise<Record<string, unknown>> {
  const url = new URL(`${(cfg.baseUrl ?? 'https://serpapi.com').replace(/\/+$/, '')}/search.json`)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  url.searchParams.set('api_key', cfg.apiKey ?? '')
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } })
  const text = await res.text()
  let body: Record<string, unknown>
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    body = { error: text.slice(0, 300) }
  }
  const message = typeof body.error === 'string' ? body.error : res.statusText
  if (!res.ok) throw engineError('serpapi', { status: res.status, message, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) })
  const meta = body.search_metadata as { status?: string } | undefined
  // "Google hasn't returned any results for this query." is an answer of its own (nothing shown), not a failure.
  if (meta?.status === 'Error' && !/hasn't returned any results/i.test(message)) throw engineError('serpapi', { status: 502, message })
  return body
}

export function serpApiAdapter(cfg: ProviderConfig): Adapter {
  const price = cfg.costPerRequestUsd ?? DEFAULT_SERPAPI_COST_PER_SEARCH
  return {
    async ask(call: EngineCall) {
      const m = call.market
      const google = { hl: m?.languageCode, gl: m?.countryCode, location: m?.locationName }
      const done = (reading: EngineReading, raw: unknown) => {
        if (reading.kind === 'answer' || reading.kind === 'absent') return { raw, parsed: reading.parsed, absent: reading.kind === 'absent' }
        throw engineError('serpapi', { status: 502, message: `unexpected ${reading.kind} reading` })
      }
      if (call.engine === 'google_ai_overview') {
        const first = await serpApiSearch(cfg, { engine: 'google', q: call.prompt, ...google }, call.signal)
        const reading = parseSerpApiAiOverview(first, price)
        if (reading.kind !== 'deferred') return done(reading, first)
        const second = await serpApiSearch(cfg, { engine: 'google_ai_overview', page_token: reading.pageToken }, call.signal)
        return done(parseSerpApiAiOverview(second, price * 2), { search: first, ai_overview: second })
      }
      if (call.engine === 'google_ai_mode') {
        const body = await serpApiSearch(cfg, { engine: 'google_ai_mode', q: call.prompt, ...google }, call.signal)
        return done(parseSerpApiTextBlocks(body, price), body)
      }
      if (call.engine === 'bing_copilot') {
        const body = await serpApiSearch(cfg, { engine: 'bing_copilot', q: call.prompt, cc: m?.countryCode.toUpperCase() }, call.signal)
        return done(parseSerpApiTextBlocks(body, price), body)
      }
      throw engineError('serpapi', { status: 400, message: `SerpApi does not offer ${call.engine ?? 'a plain prompt'}` })
    },
    async askJson() {
      throw engineError('serpapi', { status: 400, message: 'SerpApi reads what engines show; it answers no structured prompts' })
    },
  }
}
