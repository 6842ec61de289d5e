/**
 * The Content Ideator's fixed lists and limits (content types and ideator languages, idea score
 * colours). Pure: shared by the screen, the routes, the activities and the simulator.
 *
 * Decisions where the spec is silent:
 * - Five ideas per generation; content for at most five selected ideas at once.
 * - Idea generation has its own quota: IDEAS_PER_DAY generations per user in any rolling 24 hours
 *   (admins: unlimited). It is the "n left" of 'Generate Ideas (n left)'. Content generation does not
 *   count against it; both pass the model rate limit and the daily cost cap.
 */

import { SETUP_LANGUAGES } from '../limits'

export const CONTENT_TYPES = [
  { id: 'blog-post', label: 'Blog Post' },
  { id: 'article', label: 'Article' },
  { id: 'social-media', label: 'Social Media' },
  { id: 'linkedin-post', label: 'LinkedIn Post' },
  { id: 'twitter-thread', label: 'Twitter Thread' },
  { id: 'email-newsletter', label: 'Email Newsletter' },
  { id: 'press-release', label: 'Press Release' },
  { id: 'white-paper', label: 'White Paper' },
  { id: 'case-study', label: 'Case Study' },
] as const
export type ContentType = (typeof CONTENT_TYPES)[number]['id']
export const CONTENT_TYPE_IDS = CONTENT_TYPES.map((t) => t.id) as [ContentType, ...ContentType[]]
export const DEFAULT_CONTENT_TYPE: ContentType = 'blog-post'

export const IDEATOR_LANGUAGES = [
  { id: 'british-english', label: 'British English' },
  { id: 'american-english', label: 'American English' },
  { id: 'australian-english', label: 'Australian English' },
  { id: 'canadian-english', label: 'Canadian English' },
  { id: 'simplified-english', label: 'Simplified English' },
  { id: 'formal-english', label: 'Formal English' },
  { id: 'conversational-english', label: 'Conversational English' },
] as const
export type IdeatorLanguage = (typeof IDEATOR_LANGUAGES)[number]['id']
export const IDEATOR_LANGUAGE_IDS = IDEATOR_LANGUAGES.map((l) => l.id) as [IdeatorLanguage, ...IdeatorLanguage[]]
export const DEFAULT_IDEATOR_LANGUAGE: IdeatorLanguage = 'british-english'

/**
 * Ours: a project set up in another language writes in it by default. Besides the spec's seven
 * English styles, the ideator accepts the setup languages' codes (de, ja, pt-BR ...); a project whose setup
 * language is not English offers its own first and starts on it.
 */
const OTHER_LANGUAGES = SETUP_LANGUAGES.filter((l) => !l.code.startsWith('en'))
export const IDEATOR_LANGUAGE_CODES = [...IDEATOR_LANGUAGE_IDS, ...OTHER_LANGUAGES.map((l) => l.code)] as [string, ...string[]]

/** The language the ideator starts on for a project: its setup language unless that is English. */
export function defaultIdeatorLanguage(projectLanguage: string | null | undefined): string {
  const own = OTHER_LANGUAGES.find((l) => l.code.toLowerCase() === (projectLanguage ?? '').toLowerCase())
  return own ? own.code : DEFAULT_IDEATOR_LANGUAGE
}

/** The language choices for a project: its own (when not English) first, then the seven English styles. */
export function ideatorLanguagesFor(projectLanguage: string | null | undefined): { id: string; label: string }[] {
  const own = OTHER_LANGUAGES.find((l) => l.code === defaultIdeatorLanguage(projectLanguage))
  return [...(own ? [{ id: own.code, label: `${own.name} (${own.native})` }] : []), ...IDEATOR_LANGUAGES]
}

export const contentTypeLabel = (id: string) => CONTENT_TYPES.find((t) => t.id === id)?.label ?? id
export const languageLabel = (id: string) => IDEATOR_LANGUAGES.find((l) => l.id === id)?.label ?? SETUP_LANGUAGES.find((l) => l.code === id)?.name ?? id

export const IDEATOR_LIMITS = {
  ideasPerGeneration: 5,
  maxSelectedIdeas: 5,
  ideasPerDay: 10,
  query: 300,
  userBrief: 2_000,
  /** Grounding sent to the model: answers, competitors above the brand, sources. */
  answers: 12,
  answerChars: 600,
  competitorsAbove: 6,
  sources: 10,
  whyChars: 240,
  /** Citation explorer: top 5 citations per query, 2 excerpts shown each. */
  explorerCitations: 5,
  explorerExcerpts: 2,
  /** Saved generations listed on the screen. */
  history: 20,
} as const

/** The tabs of phase 6. */
export const IDEATOR_TABS = [
  { id: 'content-recommendations', label: 'Content Recommendations' },
  { id: 'citation-explorer', label: 'Citation Explorer' },
] as const
export type IdeatorTab = (typeof IDEATOR_TABS)[number]['id']

/** Model display names of the search models (the citation explorer's labels). */
export const MODEL_DISPLAY_NAMES: Record<number, string> = { 6: 'Gemini 2.5 Flash', 8: 'ChatGPT 5 Search', 9: 'XAI Grok-4', 3: 'Claude Sonnet 4', 5: 'Perplexity Sonar' }

/** Idea score colours on the 0-100 scale: 80 green, 60 yellow, 40 orange, else red. */
export function ideaScoreColour(percent: number): 'green' | 'yellow' | 'orange' | 'red' {
  if (percent >= 80) return 'green'
  if (percent >= 60) return 'yellow'
  if (percent >= 40) return 'orange'
  return 'red'
}

/** A 0..1 score as the whole percent the screen shows. */
export const scorePercent = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 100)
