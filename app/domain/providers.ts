/**
 * Provider configuration: which models are configured, with which key, model and URL. Pure: it reads
 * the environment it is given (process.env by default), so the app plans with it and the gateway
 * (activities) calls with it.
 *
 * Environment variables (all optional):
 *
 *   OPENAI_API_KEY        OpenAI key (ChatGPT 5, Responses API with web_search).
 *   OPENAI_MODEL          default gpt-5
 *   OPENAI_BASE_URL       default https://api.openai.com/v1
 *   ANTHROPIC_API_KEY     Anthropic key (Claude Sonnet 4, Messages API with web_search_20250305).
 *   ANTHROPIC_MODEL       default claude-sonnet-4-20250514
 *   ANTHROPIC_BASE_URL    default https://api.anthropic.com
 *   GEMINI_API_KEY        Google AI Studio key (Gemini 2.0 Flash with googleSearch). GOOGLE_API_KEY is accepted too.
 *   GEMINI_MODEL          default gemini-2.0-flash
 *   GEMINI_BASE_URL       default https://generativelanguage.googleapis.com
 *   PERPLEXITY_API_KEY    Perplexity key (Sonar, chat completions).
 *   PERPLEXITY_MODEL      default sonar
 *   PERPLEXITY_BASE_URL   default https://api.perplexity.ai
 *   XAI_API_KEY           xAI key (Grok-4, Responses API with web_search).
 *   XAI_MODEL             default grok-4
 *   XAI_BASE_URL          default https://api.x.ai/v1
 *   DEEPSEEK_API_KEY      DeepSeek key (DeepSeek V3, chat completions, no web search).
 *   DEEPSEEK_MODEL        default deepseek-chat
 *   DEEPSEEK_BASE_URL     default https://api.deepseek.com
 *   <PROVIDER>_CONCURRENCY  most calls in flight per provider in one process, default 8
 *                           (OPENAI_CONCURRENCY, ANTHROPIC_CONCURRENCY, GEMINI_CONCURRENCY, ...)
 *   <PROVIDER>_TIMEOUT_MS   per-call timeout in ms, default 120000 (OPENAI_TIMEOUT_MS, ...)
 *   MODEL_SIMULATOR_URL   where the model simulator listens, default http://127.0.0.1:4010
 *                         (start it with `npm run simulator`; its port is SIMULATOR_PORT).
 *   DEMO_MODE             "true" forces demo mode.
 *
 * Demo mode (DEMO_MODE=true, or no provider key set at all): every provider is simulated and
 * configured, pointed at the simulator with a dummy key:
 *   openai     ${MODEL_SIMULATOR_URL}/openai/v1      anthropic  ${MODEL_SIMULATOR_URL}/anthropic
 *   gemini     ${MODEL_SIMULATOR_URL}/gemini         perplexity ${MODEL_SIMULATOR_URL}/perplexity
 *   xai        ${MODEL_SIMULATOR_URL}/xai/v1         deepseek   ${MODEL_SIMULATOR_URL}/deepseek
 * Outside demo mode a provider without a key is `configured: false`; asking it throws a
 * 'configuration' GatewayError. SDK retries are always off: Temporal owns retries.
 */
import { MODELS, type EngineKey, type ModelInfo, type ProviderKey, type SerpProviderKey } from './models'

export type { ProviderKey, SerpProviderKey }

export const PROVIDER_KEYS: readonly ProviderKey[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek', 'dataforseo', 'serpapi']
export const SERP_PROVIDER_KEYS: readonly SerpProviderKey[] = ['dataforseo', 'serpapi']
/** The six model vendors asked with a prompt (the SERP providers read engines instead). */
export const LLM_PROVIDER_KEYS: readonly ProviderKey[] = PROVIDER_KEYS.filter((k) => !(SERP_PROVIDER_KEYS as readonly string[]).includes(k))

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
  /** DataForSEO: wait between two polls of a posted task (DATAFORSEO_POLL_MS). */
  pollMs?: number
  /** SerpApi: price of one search in USD (SERPAPI_COST_PER_SEARCH); it reports none. */
  costPerRequestUsd?: number
}

/** process.env or any plain map of variables (tests pass literals). */
export type Env = NodeJS.ProcessEnv | Record<string, string | undefined>

export const DEFAULT_CONCURRENCY = 8
export const DEFAULT_TIMEOUT_MS = 120_000
export const DEFAULT_SIMULATOR_URL = 'http://127.0.0.1:4010'
export const SIMULATOR_API_KEY = 'sim-demo-key'

interface ProviderDefaults {
  envPrefix: string
  model: string
  baseUrl: string
  /** Path under the simulator URL that stands in for baseUrl. */
  simulatorPath: string
  /** Name of the company, for "The OpenAI API key was rejected". */
  vendor: string
}

export const PROVIDER_DEFAULTS: Record<ProviderKey, ProviderDefaults> = {
  openai: { envPrefix: 'OPENAI', model: 'gpt-5', baseUrl: 'https://api.openai.com/v1', simulatorPath: '/openai/v1', vendor: 'OpenAI' },
  anthropic: { envPrefix: 'ANTHROPIC', model: 'claude-sonnet-4-20250514', baseUrl: 'https://api.anthropic.com', simulatorPath: '/anthropic', vendor: 'Anthropic' },
  gemini: { envPrefix: 'GEMINI', model: 'gemini-2.0-flash', baseUrl: 'https://generativelanguage.googleapis.com', simulatorPath: '/gemini', vendor: 'Google Gemini' },
  perplexity: { envPrefix: 'PERPLEXITY', model: 'sonar', baseUrl: 'https://api.perplexity.ai', simulatorPath: '/perplexity', vendor: 'Perplexity' },
  xai: { envPrefix: 'XAI', model: 'grok-4', baseUrl: 'https://api.x.ai/v1', simulatorPath: '/xai/v1', vendor: 'xAI' },
  deepseek: { envPrefix: 'DEEPSEEK', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com', simulatorPath: '/deepseek', vendor: 'DeepSeek' },
  // SERP/data providers: "model" names the API family, the engine is chosen per call.
  dataforseo: { envPrefix: 'DATAFORSEO', model: 'dataforseo-v3', baseUrl: 'https://api.dataforseo.com', simulatorPath: '/dataforseo', vendor: 'DataForSEO' },
  serpapi: { envPrefix: 'SERPAPI', model: 'serpapi', baseUrl: 'https://serpapi.com', simulatorPath: '/serpapi', vendor: 'SerpApi' },
}

/** DataForSEO has no Bing Copilot endpoint: that engine is always read from SerpApi. */
const ENGINES_OF: Record<SerpProviderKey, readonly EngineKey[]> = {
  dataforseo: ['google_ai_overview', 'google_ai_mode', 'chatgpt_app'],
  serpapi: ['google_ai_overview', 'google_ai_mode', 'bing_copilot'],
}

/**
 * SERP_PROVIDER (dataforseo | serpapi) chooses who answers the engines; unset: the one with credentials, DataForSEO
 * first. SerpApi sells no ChatGPT app answers and DataForSEO no Copilot, so those two always go to the one that does.
 */
export function serpProviderChoice(env: Env = process.env): SerpProviderKey {
  const set = nonEmpty(env.SERP_PROVIDER)?.toLowerCase()
  if (set === 'dataforseo' || set === 'serpapi') return set
  return !apiKeyFromEnv('dataforseo', env) && apiKeyFromEnv('serpapi', env) ? 'serpapi' : 'dataforseo'
}

/** Who a model is asked through: its own vendor, or for an engine the chosen SERP provider when it offers the engine. */
export function providerOf(model: Pick<ModelInfo, 'provider' | 'engine'>, choice: SerpProviderKey): ProviderKey {
  if (!model.engine) return model.provider
  return ENGINES_OF[choice].includes(model.engine) ? choice : choice === 'dataforseo' ? 'serpapi' : 'dataforseo'
}

/** The env variable that holds the provider's key (GOOGLE_API_KEY is also read for Gemini). */
export function apiKeyEnvName(key: ProviderKey): string {
  if (key === 'dataforseo') return 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD'
  if (key === 'serpapi') return 'SERPAPI_KEY'
  return `${PROVIDER_DEFAULTS[key].envPrefix}_API_KEY`
}

/** Product name of the provider's model, e.g. "Claude Sonnet 4" (from the model catalogue). */
export function providerDisplayName(key: ProviderKey): string {
  if (key === 'dataforseo' || key === 'serpapi') return PROVIDER_DEFAULTS[key].vendor
  return MODELS.find((m) => m.provider === key)?.name ?? key
}

export function vendorName(key: ProviderKey): string {
  return PROVIDER_DEFAULTS[key].vendor
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim()
  return v ? v : undefined
}

function apiKeyFromEnv(key: ProviderKey, env: Env): string | undefined {
  // DataForSEO signs in with a login and password (HTTP Basic): the "key" is the pair.
  if (key === 'dataforseo') {
    const login = nonEmpty(env.DATAFORSEO_LOGIN)
    const password = nonEmpty(env.DATAFORSEO_PASSWORD)
    return login && password ? `${login}:${password}` : undefined
  }
  if (key === 'serpapi') return nonEmpty(env.SERPAPI_KEY)
  const own = nonEmpty(env[apiKeyEnvName(key)])
  if (own || key !== 'gemini') return own
  return nonEmpty(env.GOOGLE_API_KEY)
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback
}

/** The SERP providers' own settings: DataForSEO's poll interval (the simulator's tasks are ready at once), SerpApi's price. */
function serpExtras(key: ProviderKey, env: Env, demo: boolean): Pick<ProviderConfig, 'pollMs' | 'costPerRequestUsd'> {
  if (key === 'dataforseo') return { pollMs: positiveInt(env.DATAFORSEO_POLL_MS, demo ? 50 : 5000) }
  const price = Number(env.SERPAPI_COST_PER_SEARCH)
  if (key === 'serpapi') return Number.isFinite(price) && price >= 0 && nonEmpty(env.SERPAPI_COST_PER_SEARCH) ? { costPerRequestUsd: price } : {}
  return {}
}

/** True when DEMO_MODE=true or no provider API key is set. */
export function isDemoMode(env: Env = process.env): boolean {
  if (nonEmpty(env.DEMO_MODE)?.toLowerCase() === 'true') return true
  return PROVIDER_KEYS.every((key) => !apiKeyFromEnv(key, env))
}

export function loadProviderConfigs(env: Env = process.env): Record<ProviderKey, ProviderConfig> {
  const demo = isDemoMode(env)
  const simulatorUrl = (nonEmpty(env.MODEL_SIMULATOR_URL) ?? DEFAULT_SIMULATOR_URL).replace(/\/+$/, '')
  const configs = {} as Record<ProviderKey, ProviderConfig>
  for (const key of PROVIDER_KEYS) {
    const d = PROVIDER_DEFAULTS[key]
    const common = {
      key,
      model: nonEmpty(env[`${d.envPrefix}_MODEL`]) ?? d.model,
      concurrency: positiveInt(env[`${d.envPrefix}_CONCURRENCY`], DEFAULT_CONCURRENCY),
      timeoutMs: positiveInt(env[`${d.envPrefix}_TIMEOUT_MS`], DEFAULT_TIMEOUT_MS),
      ...serpExtras(key, env, demo),
    }
    if (demo) {
      configs[key] = { ...common, configured: true, simulated: true, apiKey: SIMULATOR_API_KEY, baseUrl: simulatorUrl + d.simulatorPath }
      continue
    }
    const apiKey = apiKeyFromEnv(key, env)
    configs[key] = {
      ...common,
      configured: Boolean(apiKey),
      simulated: false,
      apiKey,
      baseUrl: nonEmpty(env[`${d.envPrefix}_BASE_URL`]) ?? d.baseUrl,
    }
  }
  return configs
}

/**
 * Configs that point every provider at a running simulator, e.g. for tests and scripts.
 * `overrides` patches individual providers (concurrency, timeoutMs, model...).
 */
export function simulatorConfigs(
  simulatorUrl: string,
  overrides: Partial<Record<ProviderKey, Partial<ProviderConfig>>> = {},
): Record<ProviderKey, ProviderConfig> {
  const configs = loadProviderConfigs({ DEMO_MODE: 'true', MODEL_SIMULATOR_URL: simulatorUrl })
  for (const key of PROVIDER_KEYS) configs[key] = { ...configs[key], ...overrides[key] }
  return configs
}
