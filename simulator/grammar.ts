/**
 * Fills the phrasebooks' templates with grammatical agreement. A placeholder is `{name}`
 * (the value as it is) or `{name:form}`, a form the language's grammar makes of the value: German
 * needs the article, case and number of a noun ("welche Laufschuhe haben den besten Kundenservice",
 * "beim Preis", "bei Laufschuhen"). Languages whose phrasebook values carry their article already
 * (French "la qualité", Spanish "el precio") need no forms; an unknown form leaves the value as it is.
 */
import { languageKey } from './languages'

type Gender = 'm' | 'f' | 'n' | 'pl'

/** Gender (or plural) of the nouns the German phrasebook uses for qualities and market labels. */
const DE_GENDER: Record<string, Gender> = {
  Qualität: 'f', Preis: 'm', Design: 'n', Haltbarkeit: 'f', Kundenservice: 'm', Bedienung: 'f', Komfort: 'm', Dämpfung: 'f',
  Laufschuhe: 'pl', Smartphones: 'pl', Elektroautos: 'pl', Kaffeeketten: 'pl', 'CRM-Software': 'f', 'Projektmanagement-Software': 'f', Bankkonten: 'pl', Mobilfunkanbieter: 'pl',
}

/** Articles and endings by case: [m, f, n, pl]. */
const DE_FORMS: Record<string, [string, string, string, string]> = {
  nom: ['der ', 'die ', 'das ', 'die '],
  acc: ['den ', 'die ', 'das ', 'die '],
  dat: ['dem ', 'der ', 'dem ', 'den '],
  bei: ['beim ', 'bei der ', 'beim ', 'bei den '],
  best: ['den besten ', 'die beste ', 'das beste ', 'die besten '],
}
const GENDER_INDEX: Record<Gender, number> = { m: 0, f: 1, n: 2, pl: 3 }

/** Dative plural: Laufschuhe -> Laufschuhen, Mobilfunkanbieter -> Mobilfunkanbietern (not after -n or -s). */
function dativePlural(noun: string): string {
  return /[ns]$/.test(noun) ? noun : `${noun}n`
}

function german(value: string, form: string): string {
  // A noun the table does not know (a market label kept in English) is taken as a plural.
  const gender = DE_GENDER[value] ?? 'pl'
  const i = GENDER_INDEX[gender]
  if (form === 'haben') return gender === 'pl' ? 'haben' : 'hat'
  if (form === 'welche') return ['welcher', 'welche', 'welches', 'welche'][i]
  const article = DE_FORMS[form]?.[i]
  if (article === undefined) return value
  const noun = gender === 'pl' && (form === 'dat' || form === 'bei') ? dativePlural(value) : value
  return `${article}${noun}`
}

/** Forms without an article: the bare noun in the dative plural, for "bei {m:plain}" style templates. */
function germanForm(value: string, form: string): string {
  if (form === 'datplain') return (DE_GENDER[value] ?? 'pl') === 'pl' ? dativePlural(value) : value
  return german(value, form)
}

const GRAMMARS: Record<string, (value: string, form: string) => string> = { de: germanForm }

/** The template with every placeholder filled; `{x:form}` in the language's grammar. */
export function fillTemplate(template: string, vars: Record<string, string>, language?: string): string {
  const key = languageKey(language)
  const grammar = key ? GRAMMARS[key] : undefined
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (_m, k: string, form: string | undefined) => {
    const value = vars[k] ?? ''
    return form && grammar && value ? grammar(value, form) : value
  })
}

/** "a" or "an" by the sound a word starts with: an IT manager, an HR lead, a user, an agency. */
export function indefinite(word: string): string {
  const w = word.trim()
  if (/^[A-Z]{2,}\b/.test(w)) return /^[AEFHILMNORSX]/.test(w) ? 'an' : 'a'
  return /^[aeiou]/i.test(w) && !/^(uni|use|usu|eu|one|once)/i.test(w) ? 'an' : 'a'
}

/** Whether a phrase names a place already ("UK data residency", "in Europe"): no " in the UK" after it. */
export function mentionsPlace(text: string, region?: string): boolean {
  if (/\b(uk|u\.k\.|britain|british|england|eu|europe|european|us|usa|america|american|local)\b/i.test(text)) return true
  const r = region?.replace(/^the /i, '').trim()
  return !!r && text.toLowerCase().includes(r.toLowerCase())
}

/** A persona's name inside a sentence: lower case but acronyms kept ("IT Manager" -> "IT manager"). */
export function inSentence(name: string): string {
  return name.replace(/\p{L}+/gu, (w) => (/^\p{Lu}{2,}$/u.test(w) ? w : w.toLowerCase()))
}

/** Nouns English uses without a plural (a market of "CRM software" is not "CRM softwares"). */
const MASS = /(software|ware|insurance|banking|hosting|storage|delivery|broadband|coffee|food|data|skincare|equipment|management|marketing|streaming|accounting|payroll|security|advice|furniture|clothing|footwear|jewellery|jewelry)$/i

/** Whether an English market label is a plural ("running shoes", "cloud platforms"). */
export function isPlural(label: string): boolean {
  return /[^s]s$/i.test(label.trim()) && !MASS.test(label.trim())
}

/** A typed singular count noun made plural, so "looking for {label}" reads well ("cloud platform" -> "cloud platforms"). */
export function countable(label: string): string {
  const l = label.trim()
  if (isPlural(l) || MASS.test(l) || /s$/i.test(l)) return l
  return /[^aeiou]y$/i.test(l) ? `${l.slice(0, -1)}ies` : /(x|ch|sh)$/i.test(l) ? `${l}es` : `${l}s`
}
