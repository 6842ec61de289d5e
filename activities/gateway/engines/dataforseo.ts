/**
 * DataForSEO through its official client (`dataforseo-client`), which takes a base URL and a fetch: the fetch
 * signs each request (HTTP Basic login:password), carries the call's abort signal and keeps the body as sent
 * (the client's classes drop fields they do not list).
 *
 * - Google AI Overview: SERP API `google/organic/live/advanced` with `load_async_ai_overview`, item `ai_overview`.
 * - Google AI Mode: SERP API `google/ai_mode/live/advanced`.
 * - ChatGPT (app, search on): AI Optimization `chat_gpt/llm_scraper` task_post, then task_get/advanced until ready
 *   (40601/40602 mean not yet). The posted task id is handed to `task.posted` so a retried activity polls the
 *   same task instead of paying for a second one.
 * Each call's `cost` (USD) is summed into the answer's cost.
 */
import { AiOptimizationApi, SerpApi } from 'dataforseo-client'
import type { ProviderConfig } from '../types'
import type { Adapter, AdapterResult, EngineCall } from '../providers'
import { engineError, retryAfterMs } from './errors'
import { dataForSeoCost, dataForSeoFailure, dataForSeoTaskId, DATAFORSEO_NOT_READY, parseDataForSeoAiOverview, parseDataForSeoChatGpt, type EngineReading } from './parse'

/** How long to wait between two polls of a posted task (DATAFORSEO_POLL_MS); the gateway's timeout bounds the whole. */
const DEFAULT_POLL_MS = 5000

interface Wire {
  body: unknown
}

function clients(cfg: ProviderConfig, signal: AbortSignal, wire: Wire) {
  const auth = `Basic ${Buffer.from(cfg.apiKey ?? '').toString('base64')}`
  const http = {
    async fetch(url: RequestInfo, init?: RequestInit): Promise<Response> {
      const res = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: auth }, signal })
      const text = await res.text()
      if (!res.ok) throw engineError('dataforseo', { status: res.status, message: text.slice(0, 300) || res.statusText, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) })
      wire.body = text ? JSON.parse(text) : null
      return new Response(text, { status: res.status, headers: res.headers })
    },
  }
  const base = (cfg.baseUrl ?? 'https://api.dataforseo.com').replace(/\/+$/, '')
  return { serp: new SerpApi(base, http), ai: new AiOptimizationApi(base, http) }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true })
  })

/** Throws the envelope's or task's failure unless it is one `allowed` (no results, not ready). */
function check(body: unknown, allowed: number[] = []): void {
  const f = dataForSeoFailure(body)
  if (f && !allowed.includes(f.code)) throw engineError('dataforseo', { code: f.code, message: f.message })
}

function result(reading: EngineReading, raw: unknown): AdapterResult {
  if (reading.kind === 'answer' || reading.kind === 'absent') return { raw, parsed: reading.parsed, absent: reading.kind === 'absent' }
  throw engineError('dataforseo', { code: 50000, message: `unexpected ${reading.kind} reading` })
}

export function dataForSeoAdapter(cfg: ProviderConfig): Adapter {
  const pollMs = cfg.pollMs ?? DEFAULT_POLL_MS
  return {
    async ask(call: EngineCall) {
      const m = call.market
      const where = { location_code: m?.locationCode, language_code: m?.languageCode }
      const wire: Wire = { body: null }
      const { serp, ai } = clients(cfg, call.signal, wire)
      if (call.engine === 'google_ai_overview') {
        await serp.googleOrganicLiveAdvanced([{ keyword: call.prompt, ...where, device: 'desktop', load_async_ai_overview: true } as never])
        check(wire.body, [40102])
        return result(parseDataForSeoAiOverview(wire.body, dataForSeoCost(wire.body)), wire.body)
      }
      if (call.engine === 'google_ai_mode') {
        await serp.googleAiModeLiveAdvanced([{ keyword: call.prompt, ...where, device: 'desktop' } as never])
        check(wire.body, [40102])
        return result(parseDataForSeoAiOverview(wire.body, dataForSeoCost(wire.body)), wire.body)
      }
      if (call.engine === 'chatgpt_app') {
        let cost = call.task?.resume?.costUsd ?? 0
        let id = call.task?.resume?.id
        // A task the provider no longer knows (40401 Task Not Found, e.g. past its retention) is posted again.
        if (id) {
          await ai.chatGptLlmScraperTaskGetAdvanced(id)
          if (dataForSeoFailure(wire.body)?.code === 40401) id = undefined
        }
        if (!id) {
          await ai.chatGptLlmScraperTaskPost([{ keyword: call.prompt, ...where, force_web_search: true } as never])
          check(wire.body)
          cost += dataForSeoCost(wire.body)
          id = dataForSeoTaskId(wire.body)
          if (!id) throw engineError('dataforseo', { code: 50000, message: 'task_post answered no task id' })
          await call.task?.posted({ id, costUsd: cost })
        }
        for (;;) {
          await ai.chatGptLlmScraperTaskGetAdvanced(id)
          check(wire.body, DATAFORSEO_NOT_READY)
          cost += dataForSeoCost(wire.body)
          const reading = parseDataForSeoChatGpt(wire.body, cost)
          if (reading.kind !== 'pending') return result(reading, wire.body)
          await sleep(pollMs, call.signal)
        }
      }
      throw engineError('dataforseo', { status: 400, message: `DataForSEO does not offer ${call.engine ?? 'a plain prompt'}` })
    },
    async askJson() {
      throw engineError('dataforseo', { status: 400, message: 'DataForSEO reads what engines show; it answers no structured prompts' })
    },
  }
}
