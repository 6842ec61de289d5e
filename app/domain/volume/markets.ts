/**
 * Where a project's queries are asked, in the volume provider's terms: DataForSEO's location_code (its
 * Google Ads geo target ids) and language_code. The region the user typed wins when it names a country;
 * otherwise the setup language's home market. Pure.
 */

export interface VolumeMarket {
  locationCode: number
  locationName: string
  languageCode: string
}

interface Country {
  code: number
  name: string
  /** Lower-case words a typed region may use for it. */
  aliases: string[]
}

// DataForSEO location codes (https://api.dataforseo.com/v3/ai_optimization/ai_keyword_data/locations_and_languages).
const COUNTRIES: Country[] = [
  { code: 2840, name: 'United States', aliases: ['united states', 'usa', 'us', 'america'] },
  { code: 2826, name: 'United Kingdom', aliases: ['united kingdom', 'uk', 'great britain', 'britain', 'england', 'scotland', 'wales'] },
  { code: 2276, name: 'Germany', aliases: ['germany', 'deutschland'] },
  { code: 2040, name: 'Austria', aliases: ['austria', 'österreich'] },
  { code: 2756, name: 'Switzerland', aliases: ['switzerland', 'schweiz', 'suisse'] },
  { code: 2250, name: 'France', aliases: ['france'] },
  { code: 2724, name: 'Spain', aliases: ['spain', 'españa'] },
  { code: 2484, name: 'Mexico', aliases: ['mexico', 'méxico'] },
  { code: 2380, name: 'Italy', aliases: ['italy', 'italia'] },
  { code: 2528, name: 'Netherlands', aliases: ['netherlands', 'nederland', 'holland'] },
  { code: 2616, name: 'Poland', aliases: ['poland', 'polska'] },
  { code: 2620, name: 'Portugal', aliases: ['portugal'] },
  { code: 2076, name: 'Brazil', aliases: ['brazil', 'brasil'] },
  { code: 2392, name: 'Japan', aliases: ['japan', '日本'] },
  { code: 2410, name: 'South Korea', aliases: ['south korea', 'korea', '한국'] },
  { code: 2156, name: 'China', aliases: ['china', '中国'] },
  { code: 2158, name: 'Taiwan', aliases: ['taiwan', '台灣', '台湾'] },
  { code: 2356, name: 'India', aliases: ['india'] },
  { code: 2050, name: 'Bangladesh', aliases: ['bangladesh'] },
  { code: 2586, name: 'Pakistan', aliases: ['pakistan'] },
  { code: 2643, name: 'Russia', aliases: ['russia', 'россия'] },
  { code: 2804, name: 'Ukraine', aliases: ['ukraine', 'україна'] },
  { code: 2792, name: 'Turkey', aliases: ['turkey', 'türkiye'] },
  { code: 2704, name: 'Vietnam', aliases: ['vietnam', 'viet nam'] },
  { code: 2764, name: 'Thailand', aliases: ['thailand', 'ไทย'] },
  { code: 2360, name: 'Indonesia', aliases: ['indonesia'] },
  { code: 2682, name: 'Saudi Arabia', aliases: ['saudi arabia'] },
  { code: 2818, name: 'Egypt', aliases: ['egypt'] },
  { code: 2784, name: 'United Arab Emirates', aliases: ['united arab emirates', 'uae'] },
  { code: 2036, name: 'Australia', aliases: ['australia'] },
  { code: 2124, name: 'Canada', aliases: ['canada'] },
  { code: 2372, name: 'Ireland', aliases: ['ireland'] },
]

/** Each setup language (app/domain/limits.ts SETUP_LANGUAGES): the provider's language code and its home market. */
const LANGUAGES: Record<string, { language: string; home: number }> = {
  'en-GB': { language: 'en', home: 2826 }, 'en-US': { language: 'en', home: 2840 }, 'zh-CN': { language: 'zh-CN', home: 2156 },
  'zh-TW': { language: 'zh-TW', home: 2158 }, es: { language: 'es', home: 2724 }, hi: { language: 'hi', home: 2356 },
  ar: { language: 'ar', home: 2682 }, 'pt-BR': { language: 'pt', home: 2076 }, 'pt-PT': { language: 'pt', home: 2620 },
  bn: { language: 'bn', home: 2050 }, ru: { language: 'ru', home: 2643 }, ja: { language: 'ja', home: 2392 },
  pa: { language: 'pa', home: 2356 }, de: { language: 'de', home: 2276 }, jv: { language: 'jv', home: 2360 },
  ko: { language: 'ko', home: 2410 }, fr: { language: 'fr', home: 2250 }, te: { language: 'te', home: 2356 },
  mr: { language: 'mr', home: 2356 }, tr: { language: 'tr', home: 2792 }, ta: { language: 'ta', home: 2356 },
  vi: { language: 'vi', home: 2704 }, ur: { language: 'ur', home: 2586 }, it: { language: 'it', home: 2380 },
  th: { language: 'th', home: 2764 }, gu: { language: 'gu', home: 2356 }, pl: { language: 'pl', home: 2616 },
  uk: { language: 'uk', home: 2804 }, ml: { language: 'ml', home: 2356 }, nl: { language: 'nl', home: 2528 },
}

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]))

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The country a typed region names ("UK", "Germany and Austria" → the first named), or undefined. */
export function countryOfRegion(region: string): Country | undefined {
  const text = region.toLowerCase()
  if (!text.trim()) return undefined
  let best: { country: Country; at: number } | undefined
  for (const country of COUNTRIES) {
    for (const alias of country.aliases) {
      // Latin aliases as whole words ("us" must not match "russia"); CJK/Thai names anywhere.
      const pattern = /^[a-zäöüéñ ]+$/.test(alias) ? new RegExp(`(^|[^\\p{L}])${escape(alias)}($|[^\\p{L}])`, 'u') : new RegExp(escape(alias), 'u')
      const m = pattern.exec(text)
      if (m && (!best || m.index < best.at)) best = { country, at: m.index }
    }
  }
  return best?.country
}

/** The provider's market of a project; unknown setup languages fall back to English in the United States. */
export function volumeMarket(region: string, language: string): VolumeMarket {
  const lang = LANGUAGES[language] ?? { language: 'en', home: 2840 }
  const country = countryOfRegion(region) ?? byCode.get(lang.home)!
  return { locationCode: country.code, locationName: country.name, languageCode: lang.language }
}

/** The location codes the demo simulator answers for. */
export const VOLUME_LOCATION_CODES: readonly number[] = COUNTRIES.map((c) => c.code)
