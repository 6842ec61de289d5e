/**
 * What the FAQ chat says and sends, shared by the screen and the server; kept apart from the retrieval
 * (./search.ts) so the browser bundle does not carry the index and its word lists.
 */

export const FAQ_MESSAGE_MAX = 1_000

export const FAQ_WELCOME = 'Hi! I answer questions about AI Brand Visibility from our FAQ. What would you like to know?'
/** The FAQ chat's fallback texts (a reply it could not make, a connection that failed). */
export const FAQ_FAILED = "I'm sorry, I couldn't process your question. Please try again."
export const FAQ_OFFLINE = "I'm having trouble connecting right now. Please try again in a moment."
/** Ours: a question the FAQ does not cover. */
export const FAQ_NO_MATCH = 'I couldn’t find that in our FAQ. Try asking about models, queries, ranks, mentions, sentiment, sources, limits or exports, or contact support from the Support & Info page.'
/** Ours: a question the FAQ may cover, but no entry fits well enough to answer from it. */
export const FAQ_NOT_SURE = 'I’m not sure — here are the closest topics:'

/** Preset prompts; the first is sent on its own when the full-page FAQ opens. */
export const FAQ_PRESETS = ['What does AI Brand Visibility do?', 'Which AI models do you analyse?', 'How is rank measured?', 'How long does an analysis take?'] as const

export interface FaqTopic {
  id: string
  question: string
}

export interface FaqAnswer {
  response: string
  /** The entry the answer came from; null when no entry fits well enough. */
  entry: FaqTopic | null
  /** When no entry fits well enough: the closest entries, best first (links in the chat). */
  closest: FaqTopic[]
}
