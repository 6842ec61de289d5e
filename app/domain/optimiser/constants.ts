/**
 * Content optimiser constants of the spec. Pure: used by the screen, the server,
 * the activities and the simulator alike.
 */

/** The seven pillars, in screen order, with the keys of generate-critical-actions `analysisData`. */
export const PILLARS = ['relevance', 'synthesis', 'citation', 'breadthDepth', 'multiModal', 'personalisation', 'crawlability'] as const
export type Pillar = (typeof PILLARS)[number]

export const PILLAR_LABELS: Record<Pillar, string> = {
  relevance: 'Relevance',
  synthesis: 'Synthesis',
  citation: 'Citation',
  breadthDepth: 'Breadth & Depth',
  multiModal: 'Multi-modal',
  personalisation: 'Personalisation',
  crawlability: 'Crawlability',
}

/** The nine phases, in order. */
export const PHASES = [
  'Extracting & processing content',
  'Analyzing content relevance',
  'Evaluating synthesis quality',
  'Assessing citation worthiness',
  'Analyzing breadth & depth',
  'Checking multi-modal support',
  'Evaluating personalisation',
  'Testing crawlability & indexing',
  'Summarizing recommendations',
] as const

/** The phase that computes each pillar (index into PHASES). */
export const PILLAR_PHASE: Record<Pillar, number> = {
  relevance: 1,
  synthesis: 2,
  citation: 3,
  breadthDepth: 4,
  multiModal: 5,
  personalisation: 6,
  crawlability: 7,
}

/** Result tabs. */
export const RESULT_TABS = [
  { key: 'summary', label: 'Summary & Optimise' },
  { key: 'relevance', label: 'Relevance' },
  { key: 'synthesis', label: 'Synthesis' },
  { key: 'citation', label: 'Citation' },
  { key: 'breadth', label: 'Breadth' },
  { key: 'multimodal', label: 'Multimodal' },
  { key: 'personalisation', label: 'Personalisation' },
  { key: 'crawlability', label: 'Crawlability' },
] as const
export type ResultTab = (typeof RESULT_TABS)[number]['key']

/** Five intent types. */
export const INTENT_TYPES = ['informational', 'comparative', 'transactional', 'navigational', 'inspirational'] as const
export type IntentType = (typeof INTENT_TYPES)[number]

/** Optimiser languages; en-GB is the default. */
export const OPTIMISER_LANGUAGES = [
  { code: 'en-GB', name: 'English (UK)' },
  { code: 'en-US', name: 'English (US)' },
  { code: 'en-AU', name: 'English (Australia)' },
  { code: 'en-CA', name: 'English (Canada)' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
  { code: 'nl', name: 'Dutch' },
  { code: 'pl', name: 'Polish' },
  { code: 'ru', name: 'Russian' },
  { code: 'zh', name: 'Chinese (Simplified)' },
  { code: 'zh-TW', name: 'Chinese (Traditional)' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'ar', name: 'Arabic' },
  { code: 'hi', name: 'Hindi' },
  { code: 'tr', name: 'Turkish' },
] as const
export const OPTIMISER_LANGUAGE_CODES = OPTIMISER_LANGUAGES.map((l) => l.code) as [string, ...string[]]
export const DEFAULT_OPTIMISER_LANGUAGE = 'en-GB'

/** About 100-word chunks; chunk text preview 100 characters; up to 3 items per chunk. */
export const CHUNK_TARGET_WORDS = 100
export const CHUNK_PREVIEW_CHARS = 100
export const ITEMS_PER_CHUNK = 3
/** Two critical actions per pillar. */
export const ACTIONS_PER_PILLAR = 2

/** Ours (the spec is silent): input caps that keep one run bounded. */
export const OPTIMISER_LIMITS = {
  prompt: 500,
  /** Pasted text or HTML (characters). */
  content: 200_000,
  url: 2_000,
  customRequirements: 2_000,
  /** Extracted text sent to the models (characters). */
  extractedText: 60_000,
  /** Chunks scored (a 2,000-word page makes about 20). */
  maxChunks: 60,
  /** Limits of a page fetched by URL. */
  fetchBytes: 5 * 1024 * 1024,
  fetchTimeoutMs: 10_000,
  fetchRedirects: 5,
} as const

/** AI crawlers whose robots.txt rules the crawlability pillar checks. */
export const AI_CRAWLERS = ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended'] as const
