/**
 * Keyword terms of search queries (terms longer than 3 characters, stop words removed), in
 * the project's language where the stopword package has a list (62 languages), else English.
 * Kept apart from the other source modules so the browser bundle does not carry the word lists.
 */
import * as sw from 'stopword'

export const KEYWORDS_PER_QUERY = 12

/** ISO 639-1 (the project's language code, e.g. "en-GB", "pt-BR") to the stopword package's list names. */
const LISTS: Record<string, string> = {
  en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', nl: 'nld', pt: 'por', 'pt-br': 'porBr', pl: 'pol', ru: 'rus', uk: 'ukr', tr: 'tur',
  ar: 'ara', hi: 'hin', bn: 'ben', ur: 'urd', ja: 'jpn', ko: 'kor', zh: 'zho', vi: 'vie', th: 'tha', mr: 'mar', gu: 'guj', pa: 'panGu',
  sv: 'swe', da: 'dan', fi: 'fin', nb: 'nob', cs: 'ces', el: 'ell', he: 'heb', id: 'ind', fa: 'fas', ro: 'ron', hu: 'hun',
}

/** The stop words of a language code, falling back to English. */
export function stopWordsFor(language: string): string[] {
  const code = (language || 'en').toLowerCase()
  const name = LISTS[code] ?? LISTS[code.split('-')[0]] ?? 'eng'
  const list = (sw as unknown as Record<string, unknown>)[name]
  return Array.isArray(list) ? (list as string[]) : sw.eng
}

/** Terms longer than 3 characters, stop words removed, counted over the texts, most frequent first (ties alphabetical). */
export function keywordTerms(texts: string[], language = 'en', max = KEYWORDS_PER_QUERY): { term: string; count: number }[] {
  const stop = new Set(stopWordsFor(language).map((w) => w.toLowerCase()))
  const counts = new Map<string, number>()
  for (const text of texts) {
    for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}'-]+/u)) {
      const term = raw.replace(/^['-]+|['-]+$/g, '')
      if ([...term].length <= 3 || stop.has(term) || /^\d+$/.test(term)) continue
      counts.set(term, (counts.get(term) ?? 0) + 1)
    }
  }
  return [...counts].map(([term, count]) => ({ term, count })).sort((a, b) => b.count - a.count || a.term.localeCompare(b.term)).slice(0, max)
}
