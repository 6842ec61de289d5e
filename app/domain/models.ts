/**
 * The AI models the product asks, by the spec's numeric ids ("Model ids").
 * The six engines that run today are the card ids 3, 5, 6, 8, 9, 10.
 *
 * remix.config.js imports this file with Node's type stripping to register the add-model routes:
 * keep it free of imports and of TypeScript that only compiles (enums, namespaces, parameter properties).
 */
export type ProviderKey = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'xai' | 'deepseek' | 'dataforseo' | 'serpapi'

/** The SERP data providers that sell the answers people see: chosen with SERP_PROVIDER. */
export type SerpProviderKey = 'dataforseo' | 'serpapi'

/** What a person sees, read from a SERP provider rather than asked of a developer API. */
export type EngineKey = 'google_ai_overview' | 'google_ai_mode' | 'bing_copilot' | 'chatgpt_app'

export type ModelId = 3 | 5 | 6 | 8 | 9 | 10 | 11 | 12 | 13 | 14

export interface ModelInfo {
  id: ModelId
  /** Short name used in tables and progress rows. */
  name: string
  /** Name used in the results model filter (Results screen). */
  filterLabel: string
  /** Filter key: combined, gpt41, claude, perplexity, gemini, grok3, deepseek; the engines' own. */
  filter: 'claude' | 'perplexity' | 'gemini' | 'gpt41' | 'grok3' | 'deepseek' | 'aio' | 'aimode' | 'copilot' | 'chatgptapp'
  /** Column title in the Share of Model heatmap. */
  column: string
  /** The engines' default provider; SERP_PROVIDER picks between DataForSEO and SerpApi (app/domain/providers engineProvider). */
  provider: ProviderKey
  /** Set for the engines read from a SERP provider. */
  engine?: EngineKey
  /** The model's colour in charts and legends. */
  colour: string
  /** Cost label on the Model Admin card. */
  costLabel: 'Standard' | 'Premium' | 'Standard Plus' | 'Search Premium' | 'Efficient' | 'Per search'
  /** The add-model routes: POST /api/analyses/add-{addKey} and POST /api/add-{addAnalysisKey}-analysis. */
  addKey: string
  addAnalysisKey: string
}

export const MODELS: readonly ModelInfo[] = [
  { id: 3, colour: '#d97757', name: 'Claude Sonnet 4', filterLabel: 'Anthropic Claude Sonnet', filter: 'claude', column: 'Claude 4', provider: 'anthropic', costLabel: 'Premium', addKey: 'claude', addAnalysisKey: 'claude' },
  { id: 5, colour: '#20808d', name: 'Perplexity Sonar', filterLabel: 'Perplexity Sonar', filter: 'perplexity', column: 'Perplexity', provider: 'perplexity', costLabel: 'Search Premium', addKey: 'perplexity', addAnalysisKey: 'perplexity' },
  { id: 6, colour: '#4285f4', name: 'Gemini 2.0 Flash', filterLabel: 'Google Gemini 2.0 Flash', filter: 'gemini', column: 'Gemini 2.0', provider: 'gemini', costLabel: 'Standard Plus', addKey: 'gemini', addAnalysisKey: 'gemini' },
  { id: 8, colour: '#10a37f', name: 'ChatGPT 5', filterLabel: 'OpenAI ChatGPT 5', filter: 'gpt41', column: 'ChatGPT 5', provider: 'openai', costLabel: 'Standard', addKey: 'gpt41', addAnalysisKey: 'chatgpt5' },
  { id: 9, colour: '#111827', name: 'Grok-4', filterLabel: 'xAI Grok-4', filter: 'grok3', column: 'Grok-4', provider: 'xai', costLabel: 'Premium', addKey: 'grok3', addAnalysisKey: 'grok3' },
  { id: 10, colour: '#4d6bfe', name: 'DeepSeek V3', filterLabel: 'DeepSeek V3', filter: 'deepseek', column: 'DeepSeek', provider: 'deepseek', costLabel: 'Efficient', addKey: 'deepseek', addAnalysisKey: 'deepseek' },
  { id: 11, colour: '#fbbc04', name: 'Google AI Overview', filterLabel: 'Google AI Overview', filter: 'aio', column: 'AI Overview', provider: 'dataforseo', engine: 'google_ai_overview', costLabel: 'Per search', addKey: 'ai-overview', addAnalysisKey: 'ai-overview' },
  { id: 12, colour: '#34a853', name: 'Google AI Mode', filterLabel: 'Google AI Mode', filter: 'aimode', column: 'AI Mode', provider: 'dataforseo', engine: 'google_ai_mode', costLabel: 'Per search', addKey: 'ai-mode', addAnalysisKey: 'ai-mode' },
  { id: 13, colour: '#0078d4', name: 'Bing Copilot', filterLabel: 'Microsoft Bing Copilot', filter: 'copilot', column: 'Copilot', provider: 'serpapi', engine: 'bing_copilot', costLabel: 'Per search', addKey: 'copilot', addAnalysisKey: 'copilot' },
  { id: 14, colour: '#74aa9c', name: 'ChatGPT (app)', filterLabel: 'ChatGPT app, search on', filter: 'chatgptapp', column: 'ChatGPT app', provider: 'dataforseo', engine: 'chatgpt_app', costLabel: 'Per search', addKey: 'chatgpt-app', addAnalysisKey: 'chatgpt-app' },
] as const

/** The six card ids, in heatmap column order. */
export const CARD_MODEL_IDS: readonly ModelId[] = [3, 5, 6, 8, 9, 10]

/**
 * The four engines (what people see: Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app).
 * They are models of their own, outside the six card ids: the combined view and the "visibility of the six"
 * keep their meaning, and each engine is a model in every tab's model filter.
 */
export const ENGINE_MODEL_IDS: readonly ModelId[] = [11, 12, 13, 14]

/** Every model an analysis can hold: the six cards, then the engines. */
export const ALL_MODEL_IDS: readonly ModelId[] = [...CARD_MODEL_IDS, ...ENGINE_MODEL_IDS]

/** Light mode runs ChatGPT 5 only. */
export const LIGHT_MODE_MODEL_IDS: readonly ModelId[] = [8]

export function modelById(id: number): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id)
}

/** A model's display name; `Model {id}` for an id no longer in the list (an old analysis may hold one). */
export function modelName(id: number): string {
  return modelById(id)?.name ?? `Model ${id}`
}

export function modelByFilter(filter: string): ModelInfo | undefined {
  return MODELS.find((m) => m.filter === filter)
}

export function isModelId(id: number): id is ModelId {
  return ALL_MODEL_IDS.includes(id as ModelId)
}

export function isEngineModel(id: number): boolean {
  return ENGINE_MODEL_IDS.includes(id as ModelId)
}

/** The model columns of an analysis: the six cards always (as before the engines), then the engines it holds. */
export function modelColumns(present: Iterable<number>): number[] {
  const held = new Set(present)
  return [...CARD_MODEL_IDS, ...ENGINE_MODEL_IDS.filter((id) => held.has(id))]
}

/** Every URL that adds a model to an analysis, with the model it adds. */
export function addModelRoutes(): { path: string; modelId: ModelId }[] {
  return MODELS.flatMap((m) => [
    { path: `/api/analyses/add-${m.addKey}`, modelId: m.id },
    { path: `/api/add-${m.addAnalysisKey}-analysis`, modelId: m.id },
  ])
}

/** The model an add-model URL adds (undefined for any other path). */
export function modelByAddPath(pathname: string): ModelInfo | undefined {
  const route = addModelRoutes().find((r) => r.path === pathname.replace(/\/+$/, ''))
  return route && modelById(route.modelId)
}
