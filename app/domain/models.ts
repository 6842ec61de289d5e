/**
 * The AI models the product asks, by the spec's numeric ids (§3 "Model ids").
 * The six engines that run today are the card ids 3, 5, 6, 8, 9, 10.
 *
 * remix.config.js imports this file with Node's type stripping to register the add-model routes:
 * keep it free of imports and of TypeScript that only compiles (enums, namespaces, parameter properties).
 */
export type ProviderKey = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'xai' | 'deepseek'

export type ModelId = 3 | 5 | 6 | 8 | 9 | 10

export interface ModelInfo {
  id: ModelId
  /** Short name used in tables and progress rows. */
  name: string
  /** Name used in the results model filter (§2 Results screen). */
  filterLabel: string
  /** Filter key (§3): combined, gpt41, claude, perplexity, gemini, grok3, deepseek. */
  filter: 'claude' | 'perplexity' | 'gemini' | 'gpt41' | 'grok3' | 'deepseek'
  /** Column title in the Share of Model heatmap. */
  column: string
  provider: ProviderKey
  /** Cost label on the Model Admin card. */
  costLabel: 'Standard' | 'Premium' | 'Standard Plus' | 'Search Premium' | 'Efficient'
  /** The add-model routes (§7): POST /api/analyses/add-{addKey} and POST /api/add-{addAnalysisKey}-analysis. */
  addKey: string
  addAnalysisKey: string
}

export const MODELS: readonly ModelInfo[] = [
  { id: 3, name: 'Claude Sonnet 4', filterLabel: 'Anthropic Claude Sonnet', filter: 'claude', column: 'Claude 4', provider: 'anthropic', costLabel: 'Premium', addKey: 'claude', addAnalysisKey: 'claude' },
  { id: 5, name: 'Perplexity Sonar', filterLabel: 'Perplexity Sonar', filter: 'perplexity', column: 'Perplexity', provider: 'perplexity', costLabel: 'Search Premium', addKey: 'perplexity', addAnalysisKey: 'perplexity' },
  { id: 6, name: 'Gemini 2.0 Flash', filterLabel: 'Google Gemini 2.0 Flash', filter: 'gemini', column: 'Gemini 2.0', provider: 'gemini', costLabel: 'Standard Plus', addKey: 'gemini', addAnalysisKey: 'gemini' },
  { id: 8, name: 'ChatGPT 5', filterLabel: 'OpenAI ChatGPT 5', filter: 'gpt41', column: 'ChatGPT 5', provider: 'openai', costLabel: 'Standard', addKey: 'gpt41', addAnalysisKey: 'chatgpt5' },
  { id: 9, name: 'Grok-4', filterLabel: 'xAI Grok-4', filter: 'grok3', column: 'Grok-4', provider: 'xai', costLabel: 'Premium', addKey: 'grok3', addAnalysisKey: 'grok3' },
  { id: 10, name: 'DeepSeek V3', filterLabel: 'DeepSeek V3', filter: 'deepseek', column: 'DeepSeek', provider: 'deepseek', costLabel: 'Efficient', addKey: 'deepseek', addAnalysisKey: 'deepseek' },
] as const

/** The six card ids, in heatmap column order. */
export const CARD_MODEL_IDS: readonly ModelId[] = [3, 5, 6, 8, 9, 10]

/** Light mode runs ChatGPT 5 only. */
export const LIGHT_MODE_MODEL_IDS: readonly ModelId[] = [8]

export function modelById(id: number): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id)
}

export function modelByFilter(filter: string): ModelInfo | undefined {
  return MODELS.find((m) => m.filter === filter)
}

export function isModelId(id: number): id is ModelId {
  return CARD_MODEL_IDS.includes(id as ModelId)
}

/** Every URL that adds a model to an analysis (§7), with the model it adds. */
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
