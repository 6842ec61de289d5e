import type { ProviderKey } from '../../app/domain/models'

export type { ProviderKey }

export const PROVIDER_KEYS: readonly ProviderKey[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek']

export interface ProviderConfig {
  key: ProviderKey
  /** A key is available (or the provider is simulated), so `ask` may be called. */
  configured: boolean
  /** Calls go to the model simulator rather than the vendor. */
  simulated: boolean
  apiKey?: string
  model: string
  /** Vendor base URL as the SDK expects it; undefined means the SDK default. */
  baseUrl?: string
  /** Most calls in flight at once for this provider, per gateway. */
  concurrency: number
  /** Per-call timeout in milliseconds (the HTTP call only, not the wait for a slot). */
  timeoutMs: number
}

/** One cited span of the answer. Offsets are JS string (UTF-16) indices into `text`. */
export interface Citation {
  url: string
  title?: string
  snippet?: string
  startIndex?: number
  endIndex?: number
}

export interface Source {
  url: string
  title?: string
  snippet?: string
}

export interface Usage {
  inputTokens: number
  outputTokens: number
  totalTokens: number
}

export interface NormalisedAnswer {
  provider: ProviderKey
  model: string
  text: string
  citations: Citation[]
  sources: Source[]
  searchQueries: string[]
  raw: unknown
  usage: Usage
  latencyMs: number
  /** Rough estimate from a static price table (see pricing.ts), not a bill. */
  costUsd: number
}

export interface AskOptions {
  prompt: string
  system?: string
  /** Use the provider's web search tool. Default true. DeepSeek has none and ignores it. */
  webSearch?: boolean
  signal?: AbortSignal
}

export interface AskJsonOptions {
  prompt: string
  system?: string
  schemaName: string
  /** A JSON schema (draft 2020-12 subset that all six vendors accept). */
  schema: Record<string, unknown>
  signal?: AbortSignal
}

export interface Gateway {
  ask(provider: ProviderKey, opts: AskOptions): Promise<NormalisedAnswer>
  askJson<T>(provider: ProviderKey, opts: AskJsonOptions): Promise<{ data: T; answer: NormalisedAnswer }>
  configs: Record<ProviderKey, ProviderConfig>
}
