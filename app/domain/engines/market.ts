/**
 * Where and in which language an engine is read: AI Overviews and AI Mode differ by country, so each
 * query is asked in the project's market, taken from its language tag (en-GB: English, United Kingdom). Pure.
 */

export interface Market {
  /** ISO 639-1, as both providers take it (hl, language_code). */
  languageCode: string
  /** ISO 3166-1 alpha-2, lower case (SerpApi gl). */
  countryCode: string
  /** DataForSEO location_code (Google Ads geo target id of the country). */
  locationCode: number
  /** SerpApi location / DataForSEO location_name. */
  locationName: string
}

/** Google Ads country targets of the markets the product speaks (DataForSEO's location codes). */
const COUNTRIES: Record<string, { code: number; name: string }> = {
  us: { code: 2840, name: 'United States' },
  gb: { code: 2826, name: 'United Kingdom' },
  de: { code: 2276, name: 'Germany' },
  at: { code: 2040, name: 'Austria' },
  ch: { code: 2756, name: 'Switzerland' },
  fr: { code: 2250, name: 'France' },
  es: { code: 2724, name: 'Spain' },
  it: { code: 2380, name: 'Italy' },
  nl: { code: 2528, name: 'Netherlands' },
  jp: { code: 2392, name: 'Japan' },
  ca: { code: 2124, name: 'Canada' },
  au: { code: 2036, name: 'Australia' },
  ie: { code: 2372, name: 'Ireland' },
  mx: { code: 2484, name: 'Mexico' },
  br: { code: 2076, name: 'Brazil' },
  pt: { code: 2620, name: 'Portugal' },
  se: { code: 2752, name: 'Sweden' },
  pl: { code: 2616, name: 'Poland' },
  in: { code: 2356, name: 'India' },
}

/** A language's home country when the tag names none (de → Germany). */
const HOME: Record<string, string> = { en: 'us', de: 'de', fr: 'fr', es: 'es', it: 'it', nl: 'nl', ja: 'jp', pt: 'br', sv: 'se', pl: 'pl' }

/** The market of a project language tag; an unknown country falls back to the language's home, then the US. */
export function marketOf(languageTag: string | null | undefined): Market {
  const [lang = 'en', region = ''] = (languageTag ?? 'en-US').toLowerCase().split(/[-_]/)
  const country = COUNTRIES[region] ? region : COUNTRIES[HOME[lang] ?? ''] ? HOME[lang] : 'us'
  return { languageCode: lang, countryCode: country, locationCode: COUNTRIES[country].code, locationName: COUNTRIES[country].name }
}
