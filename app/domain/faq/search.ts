/**
 * The FAQ chat's answers: retrieval over FAQ_ENTRIES with minisearch (BM25 ranking, prefix and
 * fuzzy matching), so a visitor's own words find the entry; the answer cites the entry it used.
 * Pure and deterministic: the same question always gets the same answer, on the server and in tests.
 */
import MiniSearch from 'minisearch'
import { z } from 'zod'
import { text } from '../validation'
import { FAQ_ENTRIES, type FaqEntry } from './entries'

export const FAQ_MESSAGE_MAX = 1_000

/** POST /api/faq-chat body (spec §7: message). */
export const faqChatSchema = z.object({
  message: text('Message', FAQ_MESSAGE_MAX, { required: 'Please type a question.' }),
})

export const FAQ_WELCOME = 'Hi! I answer questions about AI Brand Visibility from our FAQ. What would you like to know?'
/** Spec §8 fallback texts of the FAQ chat. */
export const FAQ_FAILED = "I'm sorry, I couldn't process your question. Please try again."
export const FAQ_OFFLINE = "I'm having trouble connecting right now. Please try again in a moment."
/** Ours: a question the FAQ does not cover. */
export const FAQ_NO_MATCH = 'I couldn’t find that in our FAQ. Try asking about models, queries, ranks, mentions, sentiment, sources, limits or exports, or contact support from the Support & Info page.'

/** Preset prompts; the first is sent on its own when the full-page FAQ opens. */
export const FAQ_PRESETS = ['What does AI Brand Visibility do?', 'Which AI models do you analyse?', 'How is rank measured?', 'How long does an analysis take?'] as const

// Words that say nothing about the topic: without them "what is x" does not match every "what is"
// entry, and "do you support Grok" finds the models, not the support contact.
const STOP = new Set(
  'a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its me my of on or our so than that the their them then there these they this to too was we were what when where which who why will with would you your yours about any also am get got just more most much no not only other same should some such very way support supported use check'.split(' '),
)

function terms(s: string): string[] {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map(stem)
}

/** A light English stemmer: plurals and -ed/-ing endings, so "llms" finds "llm" and "supported" "support". */
function stem(t: string): string {
  if (t.length > 5 && t.endsWith('ing')) return t.slice(0, -3)
  if (t.length > 4 && t.endsWith('ed')) return t.slice(0, -2)
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1)
  return t
}

let index: MiniSearch<FaqEntry> | undefined

function getIndex(): MiniSearch<FaqEntry> {
  if (index) return index
  index = new MiniSearch<FaqEntry>({
    fields: ['question', 'answer', 'keywords'],
    storeFields: ['id'],
    tokenize: terms,
    processTerm: (t) => t,
    searchOptions: { boost: { question: 3, keywords: 2, answer: 1 }, prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false), combineWith: 'OR' },
  })
  index.addAll([...FAQ_ENTRIES])
  return index
}

export interface FaqAnswer {
  response: string
  /** The entry the answer came from; null when the FAQ does not cover the question. */
  entry: { id: string; question: string } | null
}

/** The best FAQ entry for a question, or null. */
export function findFaqEntry(question: string): FaqEntry | null {
  if (!terms(question).length) return null
  const [best] = getIndex().search(question)
  return best ? (FAQ_ENTRIES.find((e) => e.id === best.id) ?? null) : null
}

/** The chat's reply: the entry's answer, citing the entry. */
export function answerFaq(question: string): FaqAnswer {
  const entry = findFaqEntry(question)
  if (!entry) return { response: FAQ_NO_MATCH, entry: null }
  return { response: `${entry.answer}\n\n(From the FAQ: “${entry.question}”)`, entry: { id: entry.id, question: entry.question } }
}
