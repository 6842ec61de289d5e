/**
 * The simulated Claude's answers about the engines' data (API versus app, AI Overview presence) and AI search
 * volume, in the question's language, from the results of the tools engine_comparison, ai_overview_presence and
 * search_volume. Figures are quoted as the tools give them.
 */
import type { Lang } from './chat-intent'

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const rows = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : [])
const str = (v: unknown) => (v === null || v === undefined ? '–' : String(v))

interface EnginePhrases {
  and: string
  quote: (s: string) => string
  rankOf: (r: unknown) => string
  compare: (api: string, app: string, queries: number) => string
  brandSides: (b: string, apiRate: string, apiRank: string, appRate: string, appRank: string) => string
  overlap: (jaccard: string, shared: number, n: number) => string
  disagree: (query: string, d: string, onlyApi: string, onlyApp: string) => string
  noDisagreement: string
  presence: (engine: string, x: number, n: number, rate: string, interval: string) => string
  without: (engine: string, queries: string) => string
  everywhere: (engine: string) => string
  volumes: (source: string, list: string) => string
  weighted: (brand: string, weighted: string, unweighted: string) => string
  withoutEstimate: (x: number, n: number, share: string) => string
  noEstimate: string
  noVolume: string
  head: { brand: string; api: string; app: string; query: string; engine: string; volume: string; shown: string; interval: string }
}

const list = (and: string) => (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`)
const quoteEn = (s: string) => `“${s}”`

const en: EnginePhrases = {
  and: 'and',
  quote: quoteEn,
  rankOf: (r) => (r === null || r === undefined ? 'not ranked' : `average rank ${r}`),
  compare: (api, app, n) => `${api} (API) against ${app}, over the ${n} queries both answered:`,
  brandSides: (b, ar, ak, pr, pk) => `${b} is named in ${ar} of the API's answers (${ak}) and in ${pr} of the app's (${pk}).`,
  overlap: (j, s, n) => `Their cited domains overlap with a Jaccard index of ${j} (${s} shared of ${n} domains).`,
  disagree: (q, d, a, p) => `They disagree most on ${q} (${d}): only the API names ${a}; only the app names ${p}.`,
  noDisagreement: 'They name the same brands for every query.',
  presence: (e, x, n, r, i) => `${e} showed an answer for ${x} of ${n} queries (${r}, 95% interval ${i}).`,
  without: (e, qs) => `No ${e} for: ${qs}.`,
  everywhere: (e) => `${e} showed an answer for every query.`,
  volumes: (s, l) => `Estimated AI search volume per month (${s}): ${l}.`,
  weighted: (b, w, u) => `Demand-weighted visibility of ${b} is ${w}, against ${u} unweighted.`,
  withoutEstimate: (x, n, sh) => `${x} of ${n} queries (${sh}) have no volume estimate and are left out of the weighted figure.`,
  noEstimate: 'no estimate',
  noVolume: 'No volume source is configured, so there are no AI search volume estimates (no volume source configured).',
  head: { brand: 'Brand', api: 'API', app: 'App', query: 'Query', engine: 'Engine', volume: 'AI search volume', shown: 'Shown', interval: '95% interval' },
}

const de: EnginePhrases = {
  and: 'und',
  quote: (s) => `„${s}“`,
  rankOf: (r) => (r === null || r === undefined ? 'nicht gerankt' : `Durchschnittsrang ${r}`),
  compare: (api, app, n) => `${api} (API) gegenüber ${app}, über die ${n} Anfragen, die beide beantwortet haben:`,
  brandSides: (b, ar, ak, pr, pk) => `${b} wird in ${ar} der API-Antworten (${ak}) und in ${pr} der App-Antworten (${pk}) genannt.`,
  overlap: (j, s, n) => `Die zitierten Domains überschneiden sich mit einem Jaccard-Index von ${j} (${s} gemeinsame von ${n} Domains).`,
  disagree: (q, d, a, p) => `Am stärksten weichen sie bei ${q} ab (${d}): nur die API nennt ${a}; nur die App nennt ${p}.`,
  noDisagreement: 'Sie nennen bei jeder Anfrage dieselben Marken.',
  presence: (e, x, n, r, i) => `${e} erschien bei ${x} von ${n} Anfragen (${r}, 95%-Intervall ${i}).`,
  without: (e, qs) => `Keine ${e} bei: ${qs}.`,
  everywhere: (e) => `${e} erschien bei jeder Anfrage.`,
  volumes: (s, l) => `Geschätztes monatliches KI-Suchvolumen (${s}): ${l}.`,
  weighted: (b, w, u) => `Die nachfragegewichtete Sichtbarkeit von ${b} beträgt ${w}, ungewichtet ${u}.`,
  withoutEstimate: (x, n, sh) => `${x} von ${n} Anfragen (${sh}) haben keine Schätzung und fehlen in der gewichteten Zahl.`,
  noEstimate: 'keine Schätzung',
  noVolume: 'Es ist keine Volumenquelle eingerichtet, daher gibt es keine Schätzungen des KI-Suchvolumens (no volume source configured).',
  head: { brand: 'Marke', api: 'API', app: 'App', query: 'Anfrage', engine: 'Suchmaschine', volume: 'KI-Suchvolumen', shown: 'Angezeigt', interval: '95%-Intervall' },
}

const fr: EnginePhrases = {
  and: 'et',
  quote: (s) => `« ${s} »`,
  rankOf: (r) => (r === null || r === undefined ? 'non classée' : `rang moyen ${r}`),
  compare: (api, app, n) => `${api} (API) face à ${app}, sur les ${n} requêtes auxquelles les deux ont répondu :`,
  brandSides: (b, ar, ak, pr, pk) => `${b} est citée dans ${ar} des réponses de l'API (${ak}) et dans ${pr} de celles de l'application (${pk}).`,
  overlap: (j, s, n) => `Leurs domaines cités se recoupent avec un indice de Jaccard de ${j} (${s} communs sur ${n} domaines).`,
  disagree: (q, d, a, p) => `Ils divergent le plus sur ${q} (${d}) : seule l'API cite ${a} ; seule l'application cite ${p}.`,
  noDisagreement: 'Ils citent les mêmes marques pour chaque requête.',
  presence: (e, x, n, r, i) => `${e} est apparu pour ${x} requêtes sur ${n} (${r}, intervalle à 95 % ${i}).`,
  without: (e, qs) => `Pas de ${e} pour : ${qs}.`,
  everywhere: (e) => `${e} est apparu pour chaque requête.`,
  volumes: (s, l) => `Volume de recherche IA estimé par mois (${s}) : ${l}.`,
  weighted: (b, w, u) => `La visibilité pondérée par la demande de ${b} est de ${w}, contre ${u} sans pondération.`,
  withoutEstimate: (x, n, sh) => `${x} requêtes sur ${n} (${sh}) n'ont pas d'estimation et sont exclues du chiffre pondéré.`,
  noEstimate: "pas d'estimation",
  noVolume: "Aucune source de volume n'est configurée : il n'y a pas d'estimation du volume de recherche IA (no volume source configured).",
  head: { brand: 'Marque', api: 'API', app: 'Application', query: 'Requête', engine: 'Moteur', volume: 'Volume de recherche IA', shown: 'Affiché', interval: 'Intervalle à 95 %' },
}

const es: EnginePhrases = {
  and: 'y',
  quote: (s) => `«${s}»`,
  rankOf: (r) => (r === null || r === undefined ? 'sin clasificar' : `posición media ${r}`),
  compare: (api, app, n) => `${api} (API) frente a ${app}, en las ${n} consultas que ambos respondieron:`,
  brandSides: (b, ar, ak, pr, pk) => `${b} aparece en el ${ar} de las respuestas de la API (${ak}) y en el ${pr} de las de la app (${pk}).`,
  overlap: (j, s, n) => `Sus dominios citados coinciden con un índice de Jaccard de ${j} (${s} compartidos de ${n} dominios).`,
  disagree: (q, d, a, p) => `Donde más difieren es en ${q} (${d}): solo la API nombra ${a}; solo la app nombra ${p}.`,
  noDisagreement: 'Nombran las mismas marcas en cada consulta.',
  presence: (e, x, n, r, i) => `${e} apareció en ${x} de ${n} consultas (${r}, intervalo del 95% ${i}).`,
  without: (e, qs) => `Sin ${e} en: ${qs}.`,
  everywhere: (e) => `${e} apareció en cada consulta.`,
  volumes: (s, l) => `Volumen de búsqueda en IA estimado al mes (${s}): ${l}.`,
  weighted: (b, w, u) => `La visibilidad ponderada por demanda de ${b} es del ${w}, frente al ${u} sin ponderar.`,
  withoutEstimate: (x, n, sh) => `${x} de ${n} consultas (${sh}) no tienen estimación y quedan fuera de la cifra ponderada.`,
  noEstimate: 'sin estimación',
  noVolume: 'No hay ninguna fuente de volumen configurada, así que no hay estimaciones del volumen de búsqueda en IA (no volume source configured).',
  head: { brand: 'Marca', api: 'API', app: 'App', query: 'Consulta', engine: 'Motor', volume: 'Volumen de búsqueda IA', shown: 'Mostrado', interval: 'Intervalo del 95%' },
}

const ja: EnginePhrases = {
  and: 'と',
  quote: (s) => `「${s}」`,
  rankOf: (r) => (r === null || r === undefined ? 'ランク外' : `平均順位${r}`),
  compare: (api, app, n) => `${api}（API）と${app}の比較（両方が回答した${n}件のクエリ）：`,
  brandSides: (b, ar, ak, pr, pk) => `${b}はAPIの回答の${ar}（${ak}）、アプリの回答の${pr}（${pk}）で言及されています。`,
  overlap: (j, s, n) => `引用ドメインの重なりはJaccard指数${j}（${n}ドメイン中${s}件が共通）です。`,
  disagree: (q, d, a, p) => `最も食い違うのは${q}（${d}）：APIのみが${a}を挙げ、アプリのみが${p}を挙げています。`,
  noDisagreement: 'どのクエリでも同じブランドを挙げています。',
  presence: (e, x, n, r, i) => `${e}は${n}件中${x}件のクエリで表示されました（${r}、95%区間${i}）。`,
  without: (e, qs) => `${e}が表示されなかったクエリ：${qs}。`,
  everywhere: (e) => `${e}はすべてのクエリで表示されました。`,
  volumes: (s, l) => `月間AI検索ボリュームの推定（${s}）：${l}。`,
  weighted: (b, w, u) => `${b}の需要加重可視性は${w}、加重なしでは${u}です。`,
  withoutEstimate: (x, n, sh) => `${n}件中${x}件のクエリ（${sh}）は推定値がなく、加重値から除外されています。`,
  noEstimate: '推定なし',
  noVolume: 'ボリュームのデータ源が設定されていないため、AI検索ボリュームの推定はありません（no volume source configured）。',
  head: { brand: 'ブランド', api: 'API', app: 'アプリ', query: 'クエリ', engine: 'エンジン', volume: 'AI検索ボリューム', shown: '表示', interval: '95%区間' },
}

const PHRASES: Record<Lang, EnginePhrases> = { en, de, fr, es, ja }

const joinWith = (p: EnginePhrases, items: string[]) => (p.and === 'と' ? items.join('、') : list(p.and)(items))
const none = (p: EnginePhrases, items: unknown) => (Array.isArray(items) && items.length ? joinWith(p, items.map(String)) : '–')

function table(titles: string[], data: unknown[][]): string {
  const cell = (v: unknown) => str(v).replace(/\|/g, '\\|').replace(/\n/g, ' ')
  return [`| ${titles.join(' | ')} |`, `| ${titles.map(() => '---').join(' | ')} |`, ...data.slice(0, 20).map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n')
}
const block = (t: string) => `\n\n${t}\n\n`

/** engine_comparison: per pair the own (or named) brand on each side, the domain overlap and the top disagreement. */
export function engineComparisonAnswer(lang: Lang, data: Json, brand: string | null, asked: boolean): string[] {
  const p = PHRASES[lang]
  const pairs = rows(data.comparisons)
  if (!pairs.length) return [str(data.note)]
  const out: string[] = []
  for (const c of pairs) {
    const brands = rows(c.brands)
    const b = (brand ? brands.find((x) => x.brand === brand) : undefined) ?? brands.find((x) => x.ownBrand === true) ?? brands[0]
    const side = (s: unknown) => (isRecord(s) ? s : {})
    const rate = (s: unknown) => str(side(side(s).mentionRate).rate)
    out.push(p.compare(str(c.api), str(c.app), Number(c.queriesCompared)))
    if (b) out.push(p.brandSides(str(b.brand), rate(b.api), p.rankOf(side(b.api).averageRank), rate(b.app), p.rankOf(side(b.app).averageRank)))
    const d = side(c.citedDomains)
    if (d.jaccard !== null && d.jaccard !== undefined) out.push(p.overlap(str(d.jaccard), Number(d.shared), Number(d.n)))
    const top = rows(c.mostDisagreeing)[0]
    out.push(top ? p.disagree(p.quote(str(top.query)), str(top.disagreement), none(p, top.onlyApi), none(p, top.onlyApp)) : p.noDisagreement)
    if (asked || brands.length <= 5)
      out.push(block(table([p.head.brand, `${p.head.api} %`, `${p.head.api} rank`, `${p.head.app} %`, `${p.head.app} rank`], brands.map((x) => [x.brand, rate(x.api), side(x.api).averageRank, rate(x.app), side(x.app).averageRank]))))
  }
  return out
}

/** ai_overview_presence: each engine's presence, and the queries it showed nothing for. */
export function presenceAnswer(lang: Lang, data: Json, asked: boolean): string[] {
  const p = PHRASES[lang]
  const engines = rows(data.engines)
  if (!engines.length) return [str(data.note)]
  const out: string[] = []
  const missing = rows(data.queriesWithoutAnswer)
  for (const e of engines) {
    const shown = isRecord(e.shown) ? e.shown : {}
    out.push(p.presence(str(e.engine), Number(shown.x), Number(shown.n), str(shown.rate), str(shown.interval95)))
    const qs = missing.filter((m) => m.engine === e.engine).map((m) => p.quote(str(m.query)))
    out.push(qs.length ? p.without(str(e.engine), joinWith(p, qs)) : p.everywhere(str(e.engine)))
  }
  if (asked) {
    const shownOf = (q: Json) => (isRecord(q.shown) ? q.shown : {})
    out.push(block(table([p.head.query, p.head.engine, p.head.shown, p.head.interval], rows(data.queries).map((q) => [q.query, q.engine, `${str(shownOf(q).x)}/${str(shownOf(q).n)}`, shownOf(q).interval95]))))
  }
  return out
}

/** search_volume: each query's rounded estimate with its source, and the demand-weighted visibility. */
export function volumeAnswer(lang: Lang, data: Json, asked: boolean): string[] {
  const p = PHRASES[lang]
  if (!Array.isArray(data.perQuery)) return [data.volume === 'no volume source configured' ? p.noVolume : str(data.volume)]
  const qs = rows(data.perQuery)
  const label = (v: unknown) => (v === 'no estimate' ? p.noEstimate : str(v))
  const out = [p.volumes(str(data.source), joinWith(p, qs.map((q) => `${p.quote(str(q.query))} ${label(q.volume)}`)))]
  if (data.demandWeightedVisibility !== undefined) out.push(p.weighted(str(data.brand), str(data.demandWeightedVisibility), str(data.unweightedVisibility)))
  if (typeof data.queriesWithoutEstimate === 'number' && data.queriesWithoutEstimate > 0) out.push(p.withoutEstimate(data.queriesWithoutEstimate, Number(data.queries), str(data.shareWithoutEstimate)))
  if (asked) out.push(block(table([p.head.query, p.head.volume], qs.map((q) => [q.query, label(q.volume)]))))
  return out
}
