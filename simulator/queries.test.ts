/**
 * The demo's queries and personas read as a native speaker would type them. A sample per
 * language (framework queries, personas, topics, persona and topic queries) is checked against
 * patterns that a native speaker would never write: wrong German gender and case ("die beste
 * Kundenservice", "bei Laufschuhe"), "X im Vergleich: Bedienung", French "de le", Spanish "a el",
 * English "a IT manager" or "… UK data residency in the UK", and English words in other languages.
 */
import type { AudiencePromptInput } from '../activities/gateway/audience-prompts'
import { buildAudiencesTopics, buildGroupQueries } from './audiences'
import { buildFramework } from './framework'

const ALL: RegExp[] = [/[{}]/, /\s{2,}/, /\b(undefined|null|NaN)\b/, /^\s|\s$/, /(^|\s)(\p{L}+) \2(\s|$)/iu]
const ENGLISH_WORDS = /\b(the|for|with|which|best|and|looking|who|of|in the)\b/i

const FORBIDDEN: Record<string, RegExp[]> = {
  en: [
    /\ba (?!one|uni|use|usu|eu)[aeiou]/i, /\ban (?!hour|honest|[AEFHILMNORSX][A-Z])[b-df-hj-np-tv-z]/i, /\bin UK\b/,
    /\bin the (UK|US)\b.*\bin the (UK|US)\b/, /\b(uk|gdpr|europe|eu)\b[^.]*\bin the UK\b/i, /\b(shoes|platforms|phones|cars|networks|chains|accounts|smartphones) has\b/i, /\banother \w+s\b/, /\bit manager\b/,
  ],
  de: [
    /\bdie beste (Kundenservice|Preis|Design)\b/, /\bden besten (Qualität|Haltbarkeit|Bedienung|Design)\b/, /\bdas beste (Qualität|Preis|Kundenservice|Haltbarkeit)\b/, / im Vergleich: /,
    /\bbei (Laufschuhe|Elektroautos|Kaffeeketten|Mobilfunkanbieter)\b/, /\p{L}e-Marken\b/u, /\b(CRM-Software|Projektmanagement-Software) haben\b/, /\b(Laufschuhe|Smartphones|Elektroautos) hat\b/,
    /\bbei (Qualität|Preis|Design|Haltbarkeit|Kundenservice|Bedienung)\b/, /\bsolide (Kundenservice|Preis|Design)\b/, ENGLISH_WORDS,
  ],
  fr: [/\b(de|à) (le|les)\b/i, /\bde [aeiouéèh]/i, /\bque [aeiou]/i, ENGLISH_WORDS],
  es: [/\b(a|de) el\b/i, /¿[^?]*$/, /^[^¿]*\?/, ENGLISH_WORDS],
  // Lower-case Latin runs are English words; acronyms (CRM) are written in Latin in Japanese too.
  ja: [/[a-z]{3,}/, /のの/, /。。/, /？？/],
}

const SAMPLES: Array<{ language: string; region: string; markets: string[] }> = [
  { language: 'en-GB', region: 'United Kingdom', markets: ['Running shoes', 'CRM software', 'Cloud platform', 'Dog grooming salons'] },
  { language: 'de', region: 'Germany', markets: ['Laufschuhe', 'CRM-Software', 'Smartphones', 'Elektroautos', 'Staubsauger', 'Fluggesellschaften'] },
  { language: 'fr', region: 'France', markets: ['chaussures de running', 'logiciels CRM', 'smartphones'] },
  { language: 'es', region: 'Spain', markets: ['zapatillas de running', 'software CRM', 'smartphones'] },
  { language: 'ja', region: 'Japan', markets: ['ランニングシューズ', 'スマートフォン', 'CRMソフト', '掃除機'] },
]

function sample(language: string, region: string, market: string, marketType: 'B2B' | 'B2C') {
  const input = { brand: 'Acme', market, region, language, marketType, maxCompetitors: 6, maxQueries: 30 }
  const fw = buildFramework(input, 'queries-test', '2026')
  const personas = buildAudiencesTopics({ ...input, task: 'audiences-topics', audiencesWanted: 12, topicsWanted: 8 } as AudiencePromptInput, 'queries-test')
  const groups = [
    ...personas.audiences.map((a, i) => ({ key: `A${i + 1}`, name: a.name, description: a.description, count: 3, topics: a.topics })),
    ...personas.topics.map((t, i) => ({ key: `T${i + 1}`, name: t.name, count: 3 })),
    ...(language === 'en-GB' ? [{ key: 'T99', name: 'GDPR and UK data residency', count: 4 }] : []),
  ]
  const grouped = buildGroupQueries({ ...input, task: 'audience-queries', groups } as AudiencePromptInput, 'queries-test', '2026')
  const texts = [
    ...fw.result.queries,
    ...personas.audiences.flatMap((a) => [a.name, a.description, a.characteristics, a.searchBehavior, a.painPoints, a.decisionFactors]),
    ...personas.topics.map((t) => t.name),
    ...grouped.queries.map((q) => q.query),
  ]
  const names = [...fw.result.competitors.flatMap((c) => [c.name, ...c.alternativeNames]), 'Acme'].sort((a, b) => b.length - a.length)
  return { texts, names }
}

describe('queries and personas a native speaker would type', () => {
  for (const { language, region, markets } of SAMPLES) {
    it(`${language}: no forbidden pattern in the sample`, () => {
      const key = language.slice(0, 2)
      let checked = 0
      for (const market of markets) {
        for (const marketType of ['B2C', 'B2B'] as const) {
          const { texts, names } = sample(language, region, market, marketType)
          for (const text of texts) {
            let prose = text
            // Brand names are not the language's words ("Under Armour", "The Co-operative Bank").
            for (const n of names) prose = prose.split(n).join('•')
            for (const pattern of [...ALL, ...(FORBIDDEN[key] ?? [])]) expect(pattern.test(prose), `${pattern} in ${JSON.stringify(text)}`).toBe(false)
            checked++
          }
        }
      }
      expect(checked).toBeGreaterThan(150)
    })
  }
})
