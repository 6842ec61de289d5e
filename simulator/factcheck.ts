/**
 * Demo mode's fact-check, both sides of it:
 * - the answers: when the worker has told the simulator a project's brand facts, some answers that name the brand
 *   restate one of them, and a model can hold a wrong value of a fact with a number (a founding year one or two off,
 *   another price), consistently across its answers, so the Accuracy view has contradictions to show;
 * - the judge: a reply to the fact-check task (app/domain/factcheck/judge.ts) worked out like a careful reader
 *   would, deterministically: the answer's sentences that name the brand, matched to the fact with the most words
 *   in common (word stems, any script), then compared on numbers, negation and the place after "in"/"à"/"en".
 * Language-aware: sentence breaks of every script (。！？ too), stop words and negations of English, German, French,
 * Spanish, Italian, Portuguese and Dutch, character pairs for Chinese and Japanese.
 */
import { parseJudgePrompt, type ClaimLabel, type JudgeInput, type JudgeReply } from '../app/domain/factcheck/judge'
import { unit } from './prng'

// ------------------------------------------------------------------------------------------------ the answers

const LEADS: Record<string, (brand: string) => string> = {
  en: (b) => `Good to know about ${b}: `,
  de: (b) => `Gut zu wissen über ${b}: `,
  fr: (b) => `Bon à savoir sur ${b} : `,
  es: (b) => `Conviene saber sobre ${b}: `,
  it: (b) => `Da sapere su ${b}: `,
  pt: (b) => `Vale saber sobre ${b}: `,
  nl: (b) => `Goed om te weten over ${b}: `,
  ja: (b) => `${b}について：`,
  zh: (b) => `关于${b}：`,
}

const base = (language: string | undefined) => (language ?? 'en').toLowerCase().split('-')[0]

/** How often an answer that names the brand also restates one of its facts. */
export const FACT_SENTENCE_RATE = 0.6
/** How often a model holds a wrong value of a fact with a number. */
export const WRONG_FACT_RATE = 0.4

/** A fact's numbers changed the way models get them wrong: a year one to three off, another figure a third higher. */
export function wrongValue(fact: string, salt: string): string | null {
  const m = /\d+(?:[.,]\d+)?/.exec(fact)
  if (!m) return null
  const n = Number(m[0].replace(',', '.'))
  const shift = 1 + Math.floor(unit('shift', salt, fact) * 3)
  const wrong = n >= 1800 && n <= 2100 && Number.isInteger(n) ? String(n + shift) : String(Math.round(n * 1.34 + shift))
  return fact.slice(0, m.index) + wrong + fact.slice(m.index + m[0].length)
}

/**
 * The sentence about the brand's facts an answer adds after the brand's own item, or '' for none. Deterministic per
 * provider, model, prompt, day and seed; whether a model has a fact wrong depends on the model and fact only.
 */
export function factSentence(o: { brand: string; facts: string[] | undefined; language?: string; provider: string; model: string; prompt: string; day: string; seed: string }): string {
  const facts = o.facts ?? []
  if (!facts.length || unit('fact', o.provider, o.model, o.prompt, o.day, o.seed, o.brand) >= FACT_SENTENCE_RATE) return ''
  const fact = facts[Math.floor(unit('which-fact', o.model, o.prompt, o.day, o.seed) * facts.length)]
  const wrong = unit('wrong-fact', o.provider, o.model, fact, o.seed) < WRONG_FACT_RATE ? wrongValue(fact, o.model) : null
  const said = (wrong ?? fact).trim()
  const stop = /[.!?。！？]$/.test(said) ? '' : base(o.language) === 'ja' || base(o.language) === 'zh' ? '。' : '.'
  return (LEADS[base(o.language)] ?? LEADS.en)(o.brand) + said + stop
}

// ------------------------------------------------------------------------------------------------ the judge

const STOP: Record<string, string[]> = {
  en: ['the', 'and', 'for', 'with', 'its', 'it', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'that', 'this', 'from', 'about', 'good', 'know', 'also', 'which', 'their', 'they', 'been', 'per', 'than', 'more', 'very', 'all'],
  de: ['der', 'die', 'das', 'und', 'mit', 'für', 'ist', 'sind', 'war', 'wurde', 'hat', 'haben', 'ein', 'eine', 'einen', 'den', 'dem', 'des', 'von', 'über', 'auch', 'gut', 'wissen', 'sein', 'seine', 'ihre', 'ihren', 'als', 'pro', 'zu', 'im'],
  fr: ['les', 'des', 'une', 'est', 'sont', 'était', 'avec', 'pour', 'par', 'sur', 'son', 'ses', 'leur', 'qui', 'que', 'aux', 'dans', 'bon', 'savoir', 'été', 'plus', 'ont', 'être', 'chez', 'aussi', 'seuls'],
  es: ['los', 'las', 'una', 'con', 'para', 'por', 'sus', 'que', 'del', 'fue', 'son', 'está', 'sobre', 'conviene', 'saber', 'más', 'tiene'],
  it: ['gli', 'una', 'con', 'per', 'che', 'del', 'della', 'sono', 'era', 'sapere', 'suo', 'sua'],
  pt: ['os', 'as', 'uma', 'com', 'para', 'por', 'que', 'dos', 'das', 'foi', 'são', 'sobre', 'vale', 'saber', 'seu', 'sua'],
  nl: ['het', 'een', 'van', 'met', 'voor', 'zijn', 'was', 'werd', 'heeft', 'over', 'goed', 'weten', 'die', 'dat'],
}
const NEGATIONS: Record<string, string[]> = {
  en: ['not', 'no', 'never', "doesn't", "don't", "isn't", "aren't", 'cannot', "can't", 'without', 'lacks', 'nor', 'none'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'ohne'],
  fr: ['pas', 'ne', "n'", 'aucun', 'aucune', 'jamais', 'sans', 'ni'],
  es: ['no', 'nunca', 'sin', 'ningún', 'ninguna', 'ninguno', 'ni'],
  it: ['non', 'mai', 'senza', 'nessun', 'nessuna'],
  pt: ['não', 'nunca', 'sem', 'nenhum', 'nenhuma'],
  nl: ['niet', 'geen', 'nooit', 'zonder'],
  ja: ['ない', 'ません', 'なし'],
  zh: ['不', '没有', '無', '无'],
}
/** Words before a place or an owner: the capitalised words after them are the fact's "where" or "who". */
const PLACE_WORDS = ['in', 'from', 'at', 'aus', 'à', 'en', 'a', 'de', 'by', 'von', 'par', 'por', 'da', 'uit', 'door']
/** Words that make a sentence a statement of fact rather than an opinion (with a number or a place, enough to be a claim). */
const FACT_WORDS = [
  'found', 'headq', 'based', 'owned', 'offer', 'cost', 'price', 'avail', 'suppo', 'launc', 'emplo', 'acqui', 'make', 'made', 'sell', 'ship', 'inclu', 'start', 'plan', 'free', 'trial', 'integ', 'subsc', 'opera', 'headc', 'revenue', 'custo', 'provi',
  'gegrü', 'sitz', 'biete', 'koste', 'preis', 'verfü', 'unter', 'gehör', 'herge', 'verka', 'liefe', 'mitar', 'kunde', 'tarif', 'kosten', 'grati', 'inklu', 'testv', 'stamm',
  'fondé', 'siège', 'rache', 'propo', 'coûte', 'prix', 'dispo', 'appar', 'fabri', 'vend', 'livre', 'emplo', 'clien', 'forfa', 'gratu', 'inclu', 'essai', 'basée', 'basé',
  'fundó', 'fundad', 'sede', 'ofrec', 'cuest', 'preci', 'dispon', 'perte', 'fabric', 'vende', 'emple', 'clien', 'plane', 'gratis', 'inclu', 'prueb',
  '創業', '設立', '本社', '料金', '価格', '提供', '対応', '创立', '成立', '总部', '价格', '提供', '支持',
]

interface Read {
  raw: string
  keys: Set<string>
  numbers: string[]
  negated: boolean
  places: string[]
  factual: boolean
}

/** The share of a fact's words (and numbers) a sentence must hold to be about it. */
const MATCH_SCORE = 0.3

const cjk = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/

function stem(word: string): string {
  return word.length > 5 ? word.slice(0, 5) : word
}

function read(sentence: string, language: string, brandWords: Set<string>): Read {
  const lang = base(language)
  const text = sentence.normalize('NFKC')
  const lower = text.toLowerCase()
  // Negations are compared on their own (negated or not), never as words the sentence and the fact share.
  const stop = new Set([...(STOP[lang] ?? []), ...STOP.en, ...(NEGATIONS[lang] ?? []), ...NEGATIONS.en])
  const words = lower.match(/[\p{L}\p{M}'’]+/gu) ?? []
  const keys = new Set<string>()
  for (const w of words) {
    if (cjk.test(w)) {
      // No spaces between words: every pair of characters is a key.
      for (let i = 0; i + 1 < w.length; i++) keys.add(w.slice(i, i + 2))
      continue
    }
    const bare = w.replace(/^[a-z]['’]/, '')
    if (bare.length < 3 || stop.has(bare) || brandWords.has(bare)) continue
    keys.add(stem(bare))
  }
  const numbers = (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => String(Number(n.replace(',', '.'))))
  const negs = NEGATIONS[lang] ?? NEGATIONS.en
  const tokens = new Set(words.flatMap((w) => [w, ...w.split(/['’]/)]))
  const negated = negs.some((n) => (cjk.test(n) ? lower.includes(n) : tokens.has(n) || (n.endsWith("'") && lower.includes(n)))) || /n['’]t\b/.test(lower)
  const places: string[] = []
  for (const m of text.matchAll(/(?:^|\s)(\p{Ll}{1,5})\s+((?:\p{Lu}[\p{L}\p{M}-]+)(?:\s+\p{Lu}[\p{L}\p{M}-]+)*)/gu)) {
    if (PLACE_WORDS.includes(m[1]) && !brandWords.has(m[2].toLowerCase())) places.push(m[2].toLowerCase())
  }
  // A place is a value, not the topic: "headquartered in Munich" is about the same thing as "headquartered in Berlin".
  for (const p of places) for (const w of p.split(/[\s-]+/)) keys.delete(stem(w))
  const factual = numbers.length > 0 || places.length > 0 || [...keys].some((k) => FACT_WORDS.some((f) => k.startsWith(f.slice(0, Math.min(5, k.length))) && k.length >= Math.min(4, f.length)))
  return { raw: sentence, keys, numbers, negated, places, factual }
}

/** The sentences of an answer, each as it is written there (a list marker or heading mark at its start left out). */
export function sentencesOf(answer: string): string[] {
  const out: string[] = []
  for (const line of answer.split(/\n+/)) {
    for (const part of line.split(/(?<=[.!?。！？])\s+|(?<=[。！？])/u)) {
      const s = part.replace(/^[\s>#|]*(?:[-*+]\s+)?(?:\d{1,2}[.)]\s*)?/u, '').trim()
      if (s.length >= 8) out.push(s)
    }
  }
  return out
}

/** One sentence judged against the facts: a label and the fact (index), or null when it states no fact about the brand. */
export function judgeSentence(sentence: string, facts: string[], language: string, brandWords: Set<string>): { label: ClaimLabel; fact: number } | null {
  const s = read(sentence, language, brandWords)
  const readFacts = facts.map((f) => read(f, language, brandWords))
  let best = -1
  let bestScore = 0
  readFacts.forEach((f, i) => {
    const shared = [...f.keys].filter((k) => s.keys.has(k)).length + f.numbers.filter((n) => s.numbers.includes(n)).length
    const size = f.keys.size + f.numbers.length
    const score = shared / Math.max(1, size)
    // One word in common is a match only for a short fact: "offers" alone does not make a claim about the same thing.
    if (score > bestScore && score >= MATCH_SCORE && (shared >= 2 || size <= 2)) {
      best = i
      bestScore = score
    }
  })
  if (best < 0) return s.factual ? { label: 'unverifiable', fact: 0 } : null
  const f = readFacts[best]
  const numberClash = f.numbers.length > 0 && s.numbers.length > 0 && !f.numbers.some((n) => s.numbers.includes(n))
  const placeClash = f.places.length > 0 && s.places.length > 0 && !f.places.some((p) => s.places.includes(p) || s.raw.toLowerCase().includes(p))
  if (numberClash || placeClash || f.negated !== s.negated) return { label: 'contradicted', fact: best + 1 }
  const numbersHeld = f.numbers.every((n) => s.numbers.includes(n))
  if (numbersHeld && (bestScore >= 0.5 || f.numbers.length > 0 || f.places.length > 0)) return { label: 'supported', fact: best + 1 }
  return { label: 'unverifiable', fact: 0 }
}

function mentionsBrand(sentence: string, names: string[]): boolean {
  const lower = sentence.toLowerCase()
  return names.some((n) => n && lower.includes(n.toLowerCase()))
}

/** The reply to a fact-check prompt, or undefined when the prompt is another task. */
export function factcheckReply(prompt: string): JudgeReply | undefined {
  const input = parseJudgePrompt(prompt)
  return input ? judge(input) : undefined
}

export function judge(input: JudgeInput): JudgeReply {
  const names = [input.brand, ...input.alternativeNames]
  const brandWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)))
  const claims: JudgeReply['claims'] = []
  for (const sentence of sentencesOf(input.answer)) {
    if (!mentionsBrand(sentence, names)) continue
    const verdict = judgeSentence(sentence, input.facts, input.language, brandWords)
    if (!verdict) continue
    // "Good to know about Acme: founded in 2011." → the claim is what follows the lead-in that names the brand.
    const plain = sentence.replace(/\*\*/g, '').replace(/[.!?。！？]+$/u, '')
    const lead = /^([^:：]{1,60})\s?[:：]\s*(.+)$/u.exec(plain)
    const claim = lead && mentionsBrand(lead[1], names) ? lead[2] : plain
    claims.push({ sentence, claim: claim.length > 200 ? `${claim.slice(0, 197)}…` : claim, label: verdict.label, fact: verdict.fact })
  }
  return { claims }
}
