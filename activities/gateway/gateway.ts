import { loadProviderConfigs } from '../../app/domain/providers'
import { cancelledError, classifyError, GatewayError, emptyAnswerError, malformedJsonError, notConfiguredError, refusalError, timeoutError } from './errors'
import { isStrictCompatible, validateJson } from './json-schema'
import type { ParsedAnswer } from './normalise'
import { estimateCostUsd } from './pricing'
import { createAdapter, type Adapter, type AdapterResult } from './providers'
import { anthropicChatTurn, toolCallsOf } from './chat'
import { Semaphore } from './semaphore'
import { extractJson } from './text'
import { PROVIDER_KEYS, type AskJsonOptions, type AskOptions, type ChatAnswer, type ChatOptions, type Gateway, type NormalisedAnswer, type ProviderConfig, type ProviderKey } from './types'

/** Where a call waits for one of its provider's concurrency slots (db/provider-slots.ts: shared by every worker). */
export interface CallSlots {
  acquire(provider: ProviderKey, signal?: AbortSignal): Promise<() => void>
}

/** The provider's concurrency counted in this process only (tests, one-off scripts). */
export function processSlots(configs: Record<ProviderKey, ProviderConfig>): CallSlots {
  const semaphores = Object.fromEntries(PROVIDER_KEYS.map((k) => [k, new Semaphore(Math.max(1, Math.floor(configs[k].concurrency)))])) as Record<ProviderKey, Semaphore>
  return { acquire: (provider, signal) => semaphores[provider].acquire(signal) }
}

/**
 * The gateway the activities use to ask the six models. Each gateway holds one SDK client per provider, so create
 * one per worker process and share it; `slots` caps the calls in flight per provider (the worker passes the slots
 * every worker shares, so the cap is the account's, not the process's).
 */
export function createGateway(configs: Record<ProviderKey, ProviderConfig> = loadProviderConfigs(), slots: CallSlots = processSlots(configs)): Gateway {
  const adapters = new Map<ProviderKey, Adapter>()
  const adapterFor = (key: ProviderKey) => {
    let a = adapters.get(key)
    if (!a) {
      a = createAdapter(key, configs[key])
      adapters.set(key, a)
    }
    return a
  }

  /** Waits for a slot, runs one SDK call under the per-call timeout and maps failures. */
  async function call(provider: ProviderKey, signal: AbortSignal | undefined, fn: (adapter: Adapter, signal: AbortSignal) => Promise<AdapterResult>) {
    const cfg = configs[provider]
    if (!cfg?.configured) throw notConfiguredError(provider)
    let release: () => void
    try {
      release = await slots.acquire(provider, signal)
    } catch (e) {
      throw cancelledError(provider, e)
    }
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error(`timed out after ${cfg.timeoutMs} ms`))
    }, cfg.timeoutMs)
    const onAbort = () => controller.abort(signal?.reason)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
    const started = performance.now()
    try {
      const result = await fn(adapterFor(provider), controller.signal)
      return { ...result, latencyMs: Math.round(performance.now() - started) }
    } catch (err) {
      if (timedOut) throw timeoutError(provider, cfg.timeoutMs, err)
      if (signal?.aborted) throw cancelledError(provider, err)
      throw classifyError(provider, err)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      release()
    }
  }

  function toAnswer(provider: ProviderKey, raw: unknown, parsed: ParsedAnswer, latencyMs: number, webSearchRequested: boolean, text = parsed.text, absent = false): NormalisedAnswer {
    const model = configs[provider].model
    return {
      provider,
      model,
      text,
      citations: parsed.citations,
      sources: parsed.sources,
      searchQueries: parsed.searchQueries,
      raw,
      usage: parsed.usage,
      latencyMs,
      costUsd: parsed.vendorCostUsd ?? estimateCostUsd(provider, model, parsed.usage, parsed.searches),
      simulated: configs[provider].simulated,
      complete: !parsed.paused,
      webSearchRequested,
      absent,
    }
  }

  return {
    configs,

    async ask(provider: ProviderKey, opts: AskOptions): Promise<NormalisedAnswer> {
      const webSearch = opts.webSearch ?? true
      const { raw, parsed, latencyMs, absent } = await call(provider, opts.signal, (a, signal) =>
        a.ask({ prompt: opts.prompt, system: opts.system, webSearch, signal, engine: opts.engine, market: opts.market, task: opts.task }),
      )
      if (parsed.refusal) throw refusalError(provider, parsed.refusal)
      // An engine that showed no AI answer is a result; any other empty answer is worth a retry.
      if (!absent && !parsed.text.trim()) throw emptyAnswerError(provider)
      return toAnswer(provider, raw, parsed, latencyMs, webSearch, parsed.text, absent === true)
    },

    async askJson<T>(provider: ProviderKey, opts: AskJsonOptions): Promise<{ data: T; answer: NormalisedAnswer }> {
      const strict = isStrictCompatible(opts.schema)
      const { raw, parsed, latencyMs } = await call(provider, opts.signal, (a, signal) =>
        a.askJson({ prompt: opts.prompt, system: opts.system, schemaName: opts.schemaName, schema: opts.schema, strict, signal }),
      )
      if (parsed.refusal) throw refusalError(provider, parsed.refusal)
      let data: unknown
      let text = parsed.text
      if (parsed.toolInput !== undefined) {
        data = parsed.toolInput
        text = JSON.stringify(data)
      } else {
        if (!text.trim()) throw emptyAnswerError(provider, 'empty structured output')
        const json = extractJson(text)
        if (!json.ok) throw malformedJsonError(provider, json.error)
        data = json.value
      }
      const problems = validateJson(opts.schema, data)
      if (problems.length > 0) throw malformedJsonError(provider, `does not match schema "${opts.schemaName}": ${problems.slice(0, 3).join('; ')}`)
      return { data: data as T, answer: toAnswer(provider, raw, parsed, latencyMs, false, text) }
    },

    async chat(provider: ProviderKey, opts: ChatOptions): Promise<ChatAnswer> {
      if (provider !== 'anthropic') throw new GatewayError({ kind: 'configuration', provider, message: `chat is not implemented for ${provider}`, userMessage: 'The AI Chat runs on Claude only.' })
      let message: Parameters<typeof toolCallsOf>[0] | undefined
      const { parsed, latencyMs } = await call(provider, opts.signal, async (_a, signal) => {
        const out = await anthropicChatTurn(configs[provider], { ...opts, signal })
        message = out.message
        return out
      })
      if (parsed.refusal) throw refusalError(provider, parsed.refusal)
      const model = configs[provider].model
      return {
        provider,
        model,
        text: parsed.text,
        toolCalls: message ? toolCallsOf(message) : [],
        stopReason: message?.stop_reason ?? null,
        usage: parsed.usage,
        latencyMs,
        costUsd: estimateCostUsd(provider, model, parsed.usage, 0),
        simulated: configs[provider].simulated,
      }
    },
  }
}
