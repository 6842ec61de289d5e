/** Topics & Audiences setup: its caps, screen and server texts, and the shapes of an audience, topic, query and saved audience. */

// ---------------------------------------------------------------- constants

/** 'AI identifies 20+ audience personas'. */
export const PERSONAS_WANTED = 20
/** The first 10 audiences are role-based (need-based) personas, the rest demographic. */
export const ROLE_BASED_COUNT = 10
/** Topics selectable at once ('up to 10 selectable in behaviour'). */
export const MAX_SELECTED_TOPICS = 10
export const CUSTOM_TOPIC_MAX = 30
export const QUERIES_PER_TOPIC = 5
/** maxQueries of generate-topic-queries (default 50) and the cap of a topic-query list. */
export const MAX_TOPIC_QUERIES = 50
/** Advertised in the help tooltip ('AI generates up to 65 queries'); generated audience lists are cut to 40 (20 light). */
export const ADVERTISED_AUDIENCE_QUERIES = 65
export const TOPICS_WANTED = 12
export const MAX_RELEVANCE = 10

export const LIGHT_TIER_MESSAGE = 'Audience and topic generation is for Standard and Full tiers. Please use Legacy mode.'
export const NO_AUDIENCES_MESSAGE = 'Please select at least one audience to generate queries for.'
export const NO_TOPICS_MESSAGE = 'Please select at least one topic to generate queries for.'
/** Server texts. */
export const FAILED_AUDIENCES_TOPICS = 'Failed to generate audiences and topics'
export const INVALID_RESPONSE = 'Invalid response from server - please try again'
export const FAILED_TOPICS = 'Failed to generate topics. Please try again or contact support if the issue persists.'

/**
 * Toast text for a failed audience/topic generation, from the server's message: one naming the API key is a
 * configuration issue, one about topics alone says so; always followed by the retry hint.
 */
export function audienceFailureText(message: string) {
  const base = /api key/i.test(message)
    ? 'API configuration issue. Please contact support.'
    : /\btopics?\b/i.test(message) && !/audiences and topics/i.test(message)
      ? 'Failed to generate topics. Please try again.'
      : 'Failed to generate audiences and topics.'
  return `${base} You can retry by clicking 'Generate Audiences & Topics' again.`
}

export const REGENERATE_CONFIRM = 'This will generate new audiences and clear your current selection. Continue?'

// ---------------------------------------------------------------- types

export type AudienceType = 'need-based' | 'demographic'

export interface Audience {
  id: string
  name: string
  description: string
  type: AudienceType
  /** Ids of the topics this audience cares about. */
  topics: string[]
  characteristics: string
  searchBehavior: string
  painPoints: string
  decisionFactors: string
}

export interface Topic {
  id: string
  name: string
  relevance: number
  /** Ids of the audiences connected to this topic (derived from Audience.topics). */
  audienceIds: string[]
}

export interface GeneratedQuery {
  query: string
  topic: string | null
  audience: string | null
  audienceContext: string | null
}

/** Saved audience payload. */
export interface SavedAudience {
  id?: string
  name: string
  description: string
  type?: AudienceType
  topics?: string[]
  characteristics?: string
  searchBehavior?: string
  painPoints?: string
  decisionFactors?: string
  demographics: { ageRange: string; location: string; occupation: string; income: string; education: string }
  psychographics: { mindset: string; needs: string[]; painPoints: string[]; values: string[]; behaviors: string[] }
  llmBehavior: { promptStyle: string; searchPatterns: string[]; languagePreferences: string; expectedOutputs: string }
  isAiGenerated: boolean
  isSelectedForAnalysis: boolean
}
