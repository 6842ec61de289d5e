import type { ProviderConfig, ProviderKey } from '../../app/domain/providers'
import type { ChatToolCall, ChatToolSpec, ChatTurnMessage } from '../../app/domain/chat'
import type { EngineKey } from '../../app/domain/models'
import type { Market } from '../../app/domain/engines/market'

export { PROVIDER_KEYS } from '../../app/domain/providers'
export type { ProviderConfig, ProviderKey }

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

/**
 * Tokens as billed: inputTokens + outputTokens = totalTokens, the vendor's total. Reasoning
 * (thinking) tokens are billed as output, so outputTokens includes them whether the vendor
 * counts them inside its output figure (OpenAI, DeepSeek) or beside it (xAI chat completions);
 * reasoningTokens is that part of outputTokens, 0 when the vendor reports none.
 */
export interface Usage {
  inputTokens: number
  outputTokens: number
  reasoningTokens: number
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
  /** Answered by the model simulator (demo mode): costUsd is then what the call would cost with a real key, not spent. */
  simulated: boolean
  /**
   * false when the vendor had not finished the answer: Claude still paused ("pause_turn")
   * after the gateway's bounded continuations. The text is what it had written so far.
   */
  complete: boolean
  /**
   * Whether this request asked for the vendor's web search: ask() with webSearch on (its default), never askJson().
   * What the vendor then does with it (Perplexity's Sonar always searches, DeepSeek has no search tool) is
   * app/domain/evidence collectionOf's rule; this is the request's side, recorded with each answer.
   */
  webSearchRequested: boolean
  /** A SERP engine showed no AI answer for this query (an absent AI Overview): a result, with empty text. */
  absent: boolean
}

/** A provider task posted and polled (DataForSEO's ChatGPT scraper): resume one posted earlier, or learn the new id. */
export interface EngineTask {
  /** A task posted by an earlier attempt, with what posting it cost (billed once, recorded with the answer). */
  resume?: PostedTask
  /** Awaited before the first poll: the task is recorded before anything else can go wrong. */
  posted(task: PostedTask): Promise<void> | void
}

export interface PostedTask {
  id: string
  costUsd: number
}

export interface AskOptions {
  prompt: string
  system?: string
  /** Use the provider's web search tool. Default true. DeepSeek has none and ignores it. */
  webSearch?: boolean
  signal?: AbortSignal
  /** For the SERP providers: the engine to read, the market to read it in, the task hooks. */
  engine?: EngineKey
  market?: Market
  task?: EngineTask
}

export interface AskJsonOptions {
  prompt: string
  system?: string
  schemaName: string
  /** A JSON schema (draft 2020-12 subset that all six vendors accept). */
  schema: Record<string, unknown>
  signal?: AbortSignal
}

/** One AI Chat model turn (Claude, streamed, with client tools): see ./chat.ts. */
export interface ChatOptions {
  system?: string
  messages: ChatTurnMessage[]
  tools: ChatToolSpec[]
  allowTools: boolean
  onText?: (delta: string) => void
  signal?: AbortSignal
}

export interface ChatAnswer {
  provider: ProviderKey
  model: string
  text: string
  toolCalls: ChatToolCall[]
  stopReason: string | null
  usage: Usage
  latencyMs: number
  costUsd: number
  /** See NormalisedAnswer.simulated. */
  simulated: boolean
}

export interface Gateway {
  ask(provider: ProviderKey, opts: AskOptions): Promise<NormalisedAnswer>
  askJson<T>(provider: ProviderKey, opts: AskJsonOptions): Promise<{ data: T; answer: NormalisedAnswer }>
  chat(provider: ProviderKey, opts: ChatOptions): Promise<ChatAnswer>
  configs: Record<ProviderKey, ProviderConfig>
}
