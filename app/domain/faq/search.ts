/**
 * The FAQ chat's answers: retrieval over FAQ_ENTRIES with minisearch (BM25 ranking, prefix and fuzzy
 * matching). Each way of asking an entry — its question and its example questions — is a document of
 * its own, so a visitor's question is matched question to question; the entry's keywords (synonyms in
 * English, German, French and Spanish) and its answer are searched too, with less weight. An entry
 * answers only when the match is clear: enough of the question's words found, and ahead of the next
 * entry; otherwise the chat says it is not sure and offers the closest topics.
 * Pure and deterministic: the same question always gets the same answer, on the server and in tests.
 */
import MiniSearch, { type SearchResult } from 'minisearch'
import { z } from 'zod'
import { stopWordsFor } from '../sources/keywords'
import { text } from '../validation'
import { FAQ_ENTRIES, type FaqEntry } from './entries'
import { FAQ_MESSAGE_MAX, FAQ_NO_MATCH, FAQ_NOT_SURE, type FaqAnswer, type FaqTopic } from './texts'

/** POST /api/faq-chat body: { message }. */
export const faqChatSchema = z.object({
  message: text('Message', FAQ_MESSAGE_MAX, { required: 'Please type a question.' }),
})

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')

// Words that say nothing about the topic (the stopword package's lists for the four languages, and
// ours): without them "what is x" does not match every "what is" entry, and "do you support Grok"
// finds the models, not the support contact.
const STOP = new Set(
  [
    ...['en', 'de', 'fr', 'es'].flatMap(stopWordsFor),
    ...'can could do does get got also just way support supported use check tell know please ai app brand'.split(' '),
    ...'kann konnen gibt bitte puis peut est-ce puedo puede hay'.split(' '),
  ].map(fold),
)

// Words the lists count as empty that name a topic here ("Zeit": how long an analysis takes).
const KEEP = new Set(['zeit'])

function terms(s: string): string[] {
  return fold(s)
    // The product's name is one word here: "what does AI Brand Visibility do" is not about visibility.
    .replace(/\bai brand visibility\b/g, 'aibrandvisibility')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1 && (!STOP.has(t) || KEEP.has(t)))
    .map(stem)
}

/** A light stemmer: plurals (-ies to -y) and -ed/-ing endings, so "llms" finds "llm" and "analysed" "analys"; prefix search does the rest. */
function stem(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`
  if (t.length > 5 && t.endsWith('ing')) return t.slice(0, -3)
  if (t.length > 4 && t.endsWith('ed')) return t.slice(0, -2)
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1)
  return t
}

interface Phrasing {
  key: string
  entryId: string
  asked: string
  keywords: string
  answer: string
}

let index: MiniSearch<Phrasing> | undefined

function getIndex(): MiniSearch<Phrasing> {
  if (index) return index
  index = new MiniSearch<Phrasing>({
    idField: 'key',
    fields: ['asked', 'keywords', 'answer'],
    storeFields: ['entryId'],
    tokenize: terms,
    processTerm: (t) => t,
    searchOptions: { boost: { asked: 3, keywords: 1.5, answer: 0.5 }, prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false), combineWith: 'OR' },
  })
  index.addAll(
    FAQ_ENTRIES.flatMap((e) => [e.question, ...e.examples].map((asked, n) => ({ key: `${e.id}#${n}`, entryId: e.id, asked, keywords: e.keywords, answer: e.answer }))),
  )
  return index
}

/**
 * Confidence rules, set on the evaluation (tests/support/faq-evaluation.ts): the best entry answers when
 * its best phrasing contains most of the question's words and it leads the next entry, or when it
 * contains half of them and leads by far.
 */
export const FAQ_CONFIDENCE = [
  { coverage: 0.6, lead: 1.1 },
  { coverage: 0.5, lead: 1.4 },
] as const

export interface FaqMatch {
  /** Entries best first, each with its best phrasing's score. */
  ranked: { entry: FaqEntry; score: number; coverage: number }[]
  /** The entry to answer from, or null when no entry fits clearly enough. */
  confident: FaqEntry | null
}

/** Every entry the question matches, best first, and whether the best is clear enough to answer from. */
export function matchFaq(question: string): FaqMatch {
  const asked = [...new Set(terms(question))]
  if (!asked.length) return { ranked: [], confident: null }
  const best = new Map<string, SearchResult>()
  for (const r of getIndex().search(question)) if (!best.has(r.entryId)) best.set(r.entryId, r)
  const ranked = [...best.values()].map((r) => ({
    entry: FAQ_ENTRIES.find((e) => e.id === r.entryId)!,
    score: r.score,
    coverage: new Set(r.queryTerms).size / asked.length,
  }))
  const [first, second] = ranked
  const clear = first && FAQ_CONFIDENCE.some((c) => first.coverage >= c.coverage && (!second || first.score >= c.lead * second.score))
  return { ranked, confident: clear ? first.entry : null }
}

/** The FAQ entry to answer a question from, or null. */
export function findFaqEntry(question: string): FaqEntry | null {
  return matchFaq(question).confident
}

const topic = (e: FaqEntry): FaqTopic => ({ id: e.id, question: e.question })

/** The chat's reply: the entry's answer citing the entry; or, when unsure, the closest topics; or that the FAQ does not cover it. */
export function answerFaq(question: string): FaqAnswer {
  const { ranked, confident } = matchFaq(question)
  if (confident) return { response: `${confident.answer}\n\n(From the FAQ: “${confident.question}”)`, entry: topic(confident), closest: [] }
  if (!ranked.length) return { response: FAQ_NO_MATCH, entry: null, closest: [] }
  const closest = ranked.slice(0, 3).map((r) => topic(r.entry))
  return { response: `${FAQ_NOT_SURE}\n${closest.map((t) => `- ${t.question}`).join('\n')}`, entry: null, closest }
}
