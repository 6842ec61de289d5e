/**
 * What the simulated Claude of the AI Chat makes of a question: its language, what it asks about (an
 * intent) and the tool calls that fetch the figures for it — as a model using tools would, and
 * deterministically. Concepts are recognised in English, German, French, Spanish and Japanese.
 */

import { CRAWLER_WORDS } from './chat-crawlers'

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'ja'

export type Intent =
  | { kind: 'model-metrics'; model: string; brand: string | null }
  | { kind: 'per-model'; brand: string | null }
  | { kind: 'model-extreme'; brand: string | null; worst: boolean }
  | { kind: 'share' }
  | { kind: 'above' }
  | { kind: 'ranks'; brand: string | null }
  | { kind: 'query-ranks'; brand: string | null; want: 'best' | 'worst' | 'unranked' }
  | { kind: 'mentions-top'; competitorsOnly: boolean }
  | { kind: 'mentions-own-queries' }
  | { kind: 'mentions-by-query' }
  | { kind: 'sentiment'; brand: string | null; words: boolean; compare: boolean }
  | { kind: 'sources'; want: 'top' | 'own' | 'competitor' | 'earned'; domain: string | null }
  | { kind: 'overview' }
  | { kind: 'strengths' }
  | { kind: 'improve' }
  | { kind: 'content-first' }
  | { kind: 'engine-comparison'; brand: string | null }
  | { kind: 'ai-overview-presence' }
  | { kind: 'search-volume'; brand: string | null }
  | { kind: 'crawlers' }

export interface ToolCall {
  name: string
  input: Record<string, unknown>
}

export interface Reading {
  lang: Lang
  intent: Intent
  /** Asked for a table ("as a table", "als Tabelle", "en tableau", "en una tabla", "表で"). */
  table: boolean
}

// NFC again after the accents go, so Japanese voiced kana (デ) stay one character.
const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC')

// Function words that tell the four Latin-script languages apart in a short question.
const MARKERS: Record<Exclude<Lang, 'ja'>, string[]> = {
  en: 'the is what which my how does do for on with most are of and in to our'.split(' '),
  de: 'der die das und ist wie welche welcher welches meine meiner mein meinen wird werden fur nicht am auf mit von zu wo was gibt unsere'.split(' '),
  fr: 'le les est quel quelle quels quelles mes mon ma des du pour sur avec pas plus qui que comment ou nos notre sont'.split(' '),
  es: 'el los las es que cual cuales mi mis del para por con mas como donde nuestra nuestro son se'.split(' '),
}

export function languageOf(text: string): Lang {
  if (/[\u3040-\u30ff\u4e00-\u9fff]/u.test(text)) return 'ja'
  const words = fold(text).split(/[^\p{L}]+/u)
  let best: Exclude<Lang, 'ja'> = 'en'
  let bestScore = 0
  for (const lang of ['en', 'de', 'fr', 'es'] as const) {
    const score = words.filter((w) => MARKERS[lang].includes(w)).length + (lang === 'de' && /[äöüß]/.test(text) ? 1 : 0) + (lang === 'es' && /[¿¡ñ]/.test(text) ? 2 : 0) + (lang === 'fr' && /[èêàç]|qu'|l'|d'/.test(text) ? 1 : 0)
    if (score > bestScore) [best, bestScore] = [lang, score]
  }
  return best
}

// Concepts, on the folded (lower-case, no accents) question. Latin words match at word starts.
const latin = (stems: string) => new RegExp(`(^|[^\\p{L}])(${stems})`, 'u')
const C = {
  source: /(^|[^\p{L}])(sources?|sites?|websites?|webseite|domain|domaene|cite|cited|citing|citation|quelle|zitier|fuente|sitio|citad|dominio|publisher)|出典|ソース|サイト|引用|ドメイン/u,
  own: new RegExp(`${latin('my |own|our |mein|eigen|unser|mes |mon |ma |nos |notre|propre|mis |mi |nuestr|propi').source}|自社|自分|私の|当社`, 'u'),
  competitor: /(^|[^\p{L}])(competitor|competition|rival|konkurrent|wettbewerb|mitbewerber|concurrent|competid|competencia)|競合/u,
  earned: /(^|[^\p{L}])(earned|third[- ]party|media|medien|presse|press|prensa|terceros|tiers)|メディア|第三者/u,
  rank: /(^|[^\p{L}])(rank|position|platz|rang|classe|classement|clasific|posicion|puesto)|順位|ランク|評価/u,
  visibility: /(^|[^\p{L}])(visib|sichtbar)|可視性|露出/u,
  share: /(^|[^\p{L}])(share|anteil|part de|cuota)|シェア/u,
  modelWord: /(^|[^\p{L}])(model|modell|modele|modelo|engine|llm|ki-modell|plattform|platform)|モデル/u,
  query: /(^|[^\p{L}])(quer(y|ies)|prompt|suchanfrage|anfrage|requete|consulta|keyword|suchbegriff|search term)|クエリ|検索/u,
  mention: /(^|[^\p{L}])(mention|erwahn|genannt|nennung|menciona|mencion)|言及/u,
  sentiment: /(^|[^\p{L}])(sentiment|stimmung|tonalit|tone|sentimiento|opinion|wahrgenommen|perceiv|percib|percu)|感情|センチメント|評判|印象/u,
  words: /(^|[^\p{L}])(word|wort|worter|begriff|mots?|palabra|terms)|単語|言葉|語/u,
  overview: /(^|[^\p{L}])(overview|summary|summar|uberblick|ubersicht|zusammenfass|apercu|resume|synthese|resumen|resum)|概要|まとめ|要約/u,
  strength: /(^|[^\p{L}])(strength|weakness|starke|schwache|forces|faiblesse|points forts|fortaleza|debilidad|puntos fuertes)|強み|弱み|長所|短所/u,
  weakest: /(^|[^\p{L}])(weakest|am schwachsten|plus faible|mas debil)|最も弱|一番弱/u,
  improve: /(^|[^\p{L}])(improve|verbesser|amelior|mejorar)|改善/u,
  content: /(^|[^\p{L}])(content|inhalt|contenu|contenido)|コンテンツ/u,
  worst: /(^|[^\p{L}])(worst|lowest|schlechtest|am schlechtesten|niedrigst|pire|moins bien|peor)|最も低|一番低|最も悪|一番悪|最低|最悪/u,
  best: /(^|[^\p{L}])(best|top|highest|am besten|beste|hochst|meilleur|mejor)|最も高|一番高|最も良|一番良|最高|トップ/u,
  not: /(^|[^\p{L}])(not ranked|never|unranked|nicht|nie |kein|pas class|jamais|n'est pas|no (esta|aparece|se)|nunca|sin clasificar)|されていない|ない/u,
  above: /(^|[^\p{L}])(above|ahead of|better than|vor meiner|vor unserer|uber meiner|devant|au-dessus|mieux que|por encima|delante|mejor que)|上位|より上|より高/u,
  compare: /(^|[^\p{L}])(compar|versus|vs\.?|vergleich|gegenuber|par rapport)|比較|比べ/u,
  table: /(^|[^\p{L}])(table|tabelle|tableau|tabla)|表で|表に|テーブル/u,
  aiOverview: /(^|[^\p{L}])(ai[- ]?overviews?|ki-ubersicht|ubersicht mit ki|apercus? (ia|de l'ia|generes par l'ia)|resumen(es)? (de|con) ia|vista(s)? creada(s)? con ia)|aiによる概要|ai による概要|aiオーバービュー/u,
  api: /(^|[^\p{L}])api([^\p{L}]|$)/u,
  app: /(^|[^\p{L}])(app|apps|application|anwendung|aplicacion)([^\p{L}]|$)|アプリ/u,
  volume: /(^|[^\p{L}])(search volume|volume|suchvolumen|volumen|demand|nachfrage|demande|demanda|how often (do )?people (ask|search))|検索ボリューム|検索数|需要/u,
}

const has = (q: string, c: keyof typeof C) => C[c].test(q)

/** The model names of the brand_metrics tool, and the words that name each. */
const MODEL_WORDS: [string, RegExp][] = [
  ['claude', /(^|[^\p{L}])(claude|anthropic)/u],
  ['chatgpt', /(^|[^\p{L}])(chatgpt|chat gpt|gpt|openai)/u],
  ['gemini', /(^|[^\p{L}])gemini/u],
  ['perplexity', /(^|[^\p{L}])(perplexity|sonar)/u],
  ['grok', /(^|[^\p{L}])grok/u],
  ['deepseek', /(^|[^\p{L}])deepseek/u],
]

/** A brand the question names: a whole word among Latin letters (a Japanese particle next to it is a boundary), else anywhere. */
function namedBrand(q: string, brands: string[]): string | null {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return (
    brands.find((b) => {
      const name = fold(b)
      return /^[\p{Script=Latin}\p{N}\s&'.-]+$/u.test(name) ? new RegExp(`(^|[^\\p{Script=Latin}\\p{N}])${escape(name)}($|[^\\p{Script=Latin}\\p{N}])`, 'u').test(q) : q.includes(name)
    }) ?? null
  )
}

/** A domain the question names (hoka.com), not a model or brand word. */
const namedDomain = (q: string) => /(^|[^\p{L}\p{N}.-])((?:[a-z0-9-]+\.)+[a-z]{2,})(?=$|[^\p{L}\p{N}-])/u.exec(q)?.[2] ?? null

/** Reads a question: its language, its intent (brands are the analysis's, as the tools' enums list them). */
export function readQuestion(question: string, brands: string[]): Reading {
  const q = fold(question)
  const brand = namedBrand(q, brands)
  const model = MODEL_WORDS.find(([, re]) => re.test(q))?.[0] ?? null
  const domain = namedDomain(q)
  return { lang: languageOf(question), intent: intentOf(q, brand, model, domain), table: has(q, 'table') }
}

function intentOf(q: string, brand: string | null, model: string | null, domain: string | null): Intent {
  // The engines' data and the volumes first: "AI Overview" would read as an overview, "cited domains" as sources.
  if (has(q, 'aiOverview') && !has(q, 'app')) return { kind: 'ai-overview-presence' }
  if (has(q, 'api') && has(q, 'app')) return { kind: 'engine-comparison', brand }
  if (has(q, 'volume')) return { kind: 'search-volume', brand }
  if (CRAWLER_WORDS.test(q)) return { kind: 'crawlers' }
  if (has(q, 'source') || domain) {
    const want = has(q, 'earned') ? 'earned' : has(q, 'competitor') ? 'competitor' : has(q, 'own') && !domain ? 'own' : 'top'
    return { kind: 'sources', want, domain }
  }
  if (has(q, 'strength')) return { kind: 'strengths' }
  if (has(q, 'content') && (has(q, 'query') || has(q, 'improve'))) return { kind: 'content-first' }
  if (has(q, 'improve') || (has(q, 'weakest') && !has(q, 'modelWord'))) return { kind: 'improve' }
  if (has(q, 'sentiment')) return { kind: 'sentiment', brand, words: has(q, 'words'), compare: has(q, 'compare') || has(q, 'competitor') }
  if (has(q, 'query') && has(q, 'mention')) return has(q, 'own') && !has(q, 'compare') && !/each|jede|chaque|cada|各/.test(q) ? { kind: 'mentions-own-queries' } : { kind: 'mentions-by-query' }
  if (has(q, 'query')) return { kind: 'query-ranks', brand, want: has(q, 'not') ? 'unranked' : has(q, 'worst') ? 'worst' : 'best' }
  if (has(q, 'mention')) return { kind: 'mentions-top', competitorsOnly: has(q, 'competitor') }
  if (model && (has(q, 'rank') || has(q, 'visibility') || has(q, 'share') || has(q, 'modelWord') || brand)) return { kind: 'model-metrics', model, brand }
  if (has(q, 'share')) return { kind: 'share' }
  if (has(q, 'above') || (has(q, 'competitor') && has(q, 'rank'))) return { kind: 'above' }
  if (has(q, 'modelWord') && (has(q, 'best') || has(q, 'worst') || has(q, 'weakest'))) return { kind: 'model-extreme', brand, worst: has(q, 'worst') || has(q, 'weakest') }
  if (has(q, 'modelWord') && (has(q, 'rank') || has(q, 'visibility'))) return { kind: 'per-model', brand }
  if (has(q, 'rank') || has(q, 'visibility')) return { kind: 'ranks', brand }
  return { kind: 'overview' }
}

/** The tool calls an intent needs (parallel tool_use blocks when it needs more than one). */
export function toolCallsOf(intent: Intent): ToolCall[] {
  switch (intent.kind) {
    case 'model-metrics':
      return [{ name: 'brand_metrics', input: { model: intent.model } }]
    case 'per-model':
    case 'model-extreme':
    case 'share':
    case 'above':
    case 'ranks':
      return [{ name: 'brand_metrics', input: {} }]
    case 'query-ranks':
      return [{ name: 'query_ranks', input: intent.brand ? { brand: intent.brand } : {} }]
    case 'mentions-top':
    case 'mentions-own-queries':
    case 'mentions-by-query':
      return [{ name: 'mentions_by_query', input: {} }]
    case 'sentiment':
      return [{ name: 'sentiment', input: intent.brand && !intent.compare ? { brand: intent.brand } : {} }]
    case 'sources':
      return [{ name: 'sources', input: {} }]
    case 'overview':
      return [{ name: 'overview', input: {} }]
    case 'strengths':
      return [{ name: 'overview', input: {} }, { name: 'sentiment', input: {} }]
    case 'improve':
      return [{ name: 'query_ranks', input: {} }, { name: 'brand_metrics', input: {} }]
    case 'content-first':
      return [{ name: 'query_ranks', input: {} }]
    case 'engine-comparison':
      return [{ name: 'engine_comparison', input: {} }]
    case 'ai-overview-presence':
      return [{ name: 'ai_overview_presence', input: {} }]
    case 'search-volume':
      return [{ name: 'search_volume', input: intent.brand ? { brand: intent.brand } : {} }]
    case 'crawlers':
      return [{ name: 'ai_crawlers', input: {} }]
  }
}
