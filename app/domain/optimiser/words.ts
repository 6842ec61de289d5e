/**
 * The words of a page in its own language: word boundaries from Intl.Segmenter (which splits
 * Japanese and Chinese too), stop words from the `stopword` package's lists and stems from Snowball
 * (@orama/stemmers), so "Laufschuhe" and "Laufschuhen" are one term and "mit" is none. Also the page's
 * byline in every setup language ("By", "Von", "Par", "Por", "Di", "Door", "著者" ...). Pure.
 */
import * as stop from 'stopword'
import { stemmer as danish } from '@orama/stemmers/danish'
import { stemmer as dutch } from '@orama/stemmers/dutch'
import { stemmer as english } from '@orama/stemmers/english'
import { stemmer as finnish } from '@orama/stemmers/finnish'
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as norwegian } from '@orama/stemmers/norwegian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as russian } from '@orama/stemmers/russian'
import { stemmer as spanish } from '@orama/stemmers/spanish'
import { stemmer as swedish } from '@orama/stemmers/swedish'
import { stemmer as turkish } from '@orama/stemmers/turkish'

interface Language {
  stopWords: Set<string>
  stem?: (word: string) => string
}

const lists = stop as unknown as Record<string, string[]>
const lang = (list: string, stem?: (w: string) => string): Language => ({ stopWords: new Set(lists[list] ?? []), stem })

/** Base language code (de, en, ja ...) -> its stop words and stemmer. */
const LANGUAGES: Record<string, Language> = {
  en: lang('eng', english), de: lang('deu', german), fr: lang('fra', french), es: lang('spa', spanish), it: lang('ita', italian),
  nl: lang('nld', dutch), pt: lang('por', portuguese), sv: lang('swe', swedish), da: lang('dan', danish), no: lang('nob', norwegian),
  nb: lang('nob', norwegian), fi: lang('fin', finnish), ru: lang('rus', russian), tr: lang('tur', turkish), pl: lang('pol'), uk: lang('ukr'),
  ja: lang('jpn'), zh: lang('zho'), ko: lang('kor'), ar: lang('ara'), hi: lang('hin'), th: lang('tha'), vi: lang('vie'), id: lang('ind'),
}

const base = (code: string | undefined) => (code ?? '').trim().toLowerCase().split(/[-_]/)[0]

/** Latin-script languages told apart by their stop words when a text's language is not given. */
const GUESSABLE = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'pl', 'tr', 'fi']

/** The base code of the language a text is written in: by script, else by which stop words it uses most. */
export function guessLanguage(text: string): string {
  if (/[\p{scx=Hira}\p{scx=Kana}]/u.test(text)) return 'ja'
  if (/\p{sc=Hangul}/u.test(text)) return 'ko'
  if (/\p{sc=Han}/u.test(text)) return 'zh'
  if (/\p{sc=Cyrillic}/u.test(text)) return 'ru'
  if (/\p{sc=Arabic}/u.test(text)) return 'ar'
  if (/\p{sc=Thai}/u.test(text)) return 'th'
  if (/\p{sc=Devanagari}/u.test(text)) return 'hi'
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  let best = 'en'
  let bestCount = 0
  for (const code of GUESSABLE) {
    const sw = LANGUAGES[code].stopWords
    const count = words.filter((w) => sw.has(w)).length
    if (count > bestCount) {
      best = code
      bestCount = count
    }
  }
  return best
}

const segmenters = new Map<string, Intl.Segmenter>()
function segmenter(code: string): Intl.Segmenter {
  let s = segmenters.get(code)
  if (!s) segmenters.set(code, (s = new Intl.Segmenter(code, { granularity: 'word' })))
  return s
}

/** Whether a word (lower case) is a stop word of the language. */
export function isStopWord(word: string, language: string | undefined): boolean {
  const l = LANGUAGES[base(language)] ?? LANGUAGES.en
  return l.stopWords.has(word.toLowerCase())
}

/** The content terms of a text: words of the language, lower case, stop words dropped, stemmed. Language guessed when not given. */
export function contentTerms(text: string, language?: string): string[] {
  const code = LANGUAGES[base(language)] ? base(language) : guessLanguage(text)
  const l = LANGUAGES[code]
  const out: string[] = []
  for (const s of segmenter(code).segment(text.toLowerCase())) {
    if (!s.isWordLike) continue
    const w = s.segment
    // One Latin letter is no term; one kanji or hanzi often is a word.
    if (w.length < 2 && !/[\p{sc=Han}]/u.test(w)) continue
    if (l.stopWords.has(w) || /^\d+$/.test(w)) continue
    out.push(l.stem ? l.stem(w) : w)
  }
  return out
}

/** Author lines in the setup languages: a lead word, then a name (two capitalised words, or CJK characters). */
const LATIN_LEAD = '(?:By|Written by|Reviewed by|Author|Von|Autor|Autorin|Text|Par|Auteur|Autrice|Por|Escrito por|Di|Scritto da|Door|Geschreven door|Af|Av|Skrevet av|Przez|Yazar|Kirjoittaja)'
// Names stay on one line: spaces and tabs only between their words.
const LATIN_NAME = "\\p{Lu}[\\p{Ll}'’-]+(?:[ \\t]+(?:(?:van|von|de|da|del|di|der|le|la)[ \\t]+)?\\p{Lu}[\\p{Ll}'’-]+)+"
const BYLINES = [
  new RegExp(`(?:^|\\n|[·|•])[ \\t]*${LATIN_LEAD}[ \\t]*:?[ \\t]+(${LATIN_NAME})`, 'u'),
  /(?:^|\n)\s*(?:Автор|Автор статьи)\s*:?\s+(\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+)/u,
  /(?:著者|執筆者|筆者|文|作者|撰文|글|작성자|기자)\s*[:：]?\s*([\p{sc=Han}\p{sc=Hira}\p{sc=Kana}\p{sc=Hangul}ー・]{2,12})/u,
]

/** The author a page names in a byline ("Von Anna Weber", "Par Claire Martin", "著者：山田花子"), or null. */
export function bylineOf(content: string): string | null {
  for (const re of BYLINES) {
    const m = re.exec(content)
    if (m) return m[1].trim()
  }
  return null
}
