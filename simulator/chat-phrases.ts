/**
 * The sentences the simulated Claude of the AI Chat answers with, in English, German, French, Spanish and
 * Japanese: the question's language decides. Figures are passed in as the tools return them (the system
 * prompt asks the model to quote them exactly).
 */
import type { Lang } from './chat-intent'

type Pair = [string, string | number]

export interface Phrases {
  and: string
  quote: (s: string) => string
  head: Record<'brand' | 'rank' | 'visibility' | 'share' | 'citationShare' | 'mentions' | 'query' | 'total' | 'domain' | 'type' | 'citations' | 'score' | 'label' | 'positive' | 'neutral' | 'negative', string>
  modelMetrics: (b: string, model: string, rank: string | number | null, vis: string, share: string | null) => string
  bestThere: (b: string, rank: string | number) => string
  modelMissing: (model: string, answered: string) => string
  perModel: (b: string, parts: string, combined: string | number, vis: string) => string
  rankOn: (rank: string | number, model: string) => string
  notRankedOn: (b: string, models: string) => string
  modelExtreme: (b: string, worst: boolean, model: string, rank: string | number) => string
  modelTie: (b: string, rank: string | number, models: string) => string
  share: (own: string, share: string, others: string) => string
  above: (own: string, rank: string | number, list: string) => string
  noneAbove: (own: string, rank: string | number) => string
  ranks: (b: string, rank: string | number, vis: string) => string
  bestBrand: (b: string, rank: string | number) => string
  neverRanked: (b: string) => string
  queryBest: (b: string, worst: boolean, queries: string, rank: string | number) => string
  queriesRanked: (ranked: string) => string
  queryUnranked: (b: string, queries: string, n: number) => string
  queryAllRanked: (b: string, ranked: string) => string
  mentionsTop: (b: string, n: number, pct: string, total: number, competitor: boolean) => string
  ownMentions: (own: string, n: number, pct: string) => string
  mentionsOwnQuery: (own: string, query: string, n: number, total: number) => string
  mentionsByQuery: (query: string, total: number, top: string, n: number) => string
  sentiment: (b: string, label: string, score: number, pos: string, neu: string, neg: string, n: number) => string
  sentimentUnavailable: (note: string) => string
  words: (positive: string, negative: string) => string
  sourcesTop: (list: string) => string
  domainCount: (domain: string, n: number, share: string) => string
  domainAbsent: (domain: string) => string
  ownCited: (cited: string) => string
  sourcesOfType: (type: 'Owned' | 'Competitor' | 'Earned', list: string) => string
  noneOfType: (type: 'Owned' | 'Competitor' | 'Earned') => string
  noSources: string
  overview: (own: string, n: number, total: number, share: string, rank: string | number, position: number, ranked: number, avg: string | number) => string
  strengths: (list: string) => string
  weaknesses: (list: string) => string
  strongShare: (share: string, position: number) => string
  positiveTone: (score: number) => string
  /** score null: the tone is positive, only some words are negative. */
  negativeTone: (score: number | null, words: string) => string
  ahead: (list: string) => string
  weakModel: (b: string, model: string, rank: string | number | null) => string
  startWith: (queries: string) => string
  contentFirst: (queries: string) => string
  noTools: string
}

const list = (and: string, sep = ', ') => (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(sep)} ${and} ${items[items.length - 1]}`)
export const joinList = (p: Phrases, items: string[]) => (p.and === 'と' ? items.join('、') : list(p.and)(items))
export const pairs = (p: Phrases, items: Pair[]) => joinList(p, items.map(([a, b]) => `${a} (${b})`))

const en: Phrases = {
  and: 'and',
  quote: (s) => `“${s}”`,
  head: { brand: 'Brand', rank: 'Rank', visibility: 'Visibility', share: 'Share of model', citationShare: 'Share of citations', mentions: 'Mentions', query: 'Query', total: 'Total', domain: 'Domain', type: 'Type', citations: 'Citations', score: 'Score', label: 'Sentiment', positive: 'Positive', neutral: 'Neutral', negative: 'Negative' },
  modelMetrics: (b, m, r, v, s) => `On ${m}, ${b} ${r === null ? 'is not ranked' : `has an average rank of ${r}`} and a visibility of ${v}${s ? `; its share of model there is ${s}` : ''}.`,
  bestThere: (b, r) => `${b} is the best-ranked brand there (${r}).`,
  modelMissing: (m, a) => `${m} has no answers in this analysis. Models with answers: ${a}.`,
  perModel: (b, parts, c, v) => `${b} ranks ${parts} (combined ${c}, visibility ${v}).`,
  rankOn: (r, m) => `${r} on ${m}`,
  notRankedOn: (b, ms) => `${b} is not ranked on ${ms}.`,
  modelExtreme: (b, w, m, r) => `${m} ranks ${b} ${w ? 'worst' : 'best'}, at ${r}.`,
  modelTie: (b, r, ms) => `${b} ranks ${r} on every model that ranks it (${ms}), so no model ranks it better or worse than another.`,
  share: (o, s, others) => `${o} has a share of model of ${s}. The competitors: ${others}.`,
  above: (o, r, l) => `Ranked above ${o} (${r}): ${l}.`,
  noneAbove: (o, r) => `No competitor ranks above ${o} (${r}).`,
  ranks: (b, r, v) => `${b} has an average rank of ${r} and a visibility of ${v}.`,
  bestBrand: (b, r) => `The best-ranked brand is ${b} (${r}).`,
  neverRanked: (b) => `${b} is not ranked in any answer.`,
  queryBest: (b, w, qs, r) => `${b} ranks ${w ? 'worst' : 'best'} for ${qs} (${r}).`,
  queriesRanked: (x) => `It is ranked for ${x} queries.`,
  queryUnranked: (b, qs, n) => `${b} is not ranked for ${n === 1 ? 'one query' : `${n} queries`}: ${qs}.`,
  queryAllRanked: (b, x) => `${b} is ranked for every query (${x}).`,
  mentionsTop: (b, n, p, t, c) => `${b} is the most mentioned ${c ? 'competitor' : 'brand'}, with ${n} mentions (${p} of all ${t}).`,
  ownMentions: (o, n, p) => `${o} has ${n} (${p}).`,
  mentionsOwnQuery: (o, q, n, t) => `${o} is mentioned most for ${q}: ${n} of the query's ${t} mentions.`,
  mentionsByQuery: (q, t, top, n) => `${q}: ${t} mentions, most for ${top} (${n})`,
  sentiment: (b, l, s, p, u, g, n) => `Sentiment towards ${b} is ${l} (score ${s}): ${p} positive, ${u} neutral and ${g} negative across ${n} sentences.`,
  sentimentUnavailable: (note) => note,
  words: (p, g) => `Words behind it: positive ${p || '–'}; negative ${g || '–'}.`,
  sourcesTop: (l) => `The most cited sites are ${l}.`,
  domainCount: (d, n, s) => `${d} is cited ${n} ${n === 1 ? 'time' : 'times'} (${s} of citations).`,
  domainAbsent: (d) => `${d} is not among the most cited sites.`,
  ownCited: (c) => `Your own sites are cited in ${c}.`,
  sourcesOfType: (t, l) => `${t === 'Owned' ? 'Your own' : t === 'Competitor' ? 'Competitor' : 'Earned (third-party)'} sites cited: ${l}.`,
  noneOfType: (t) => `No ${t === 'Owned' ? 'site of your own' : t === 'Competitor' ? 'competitor site' : 'earned (third-party) site'} is among the cited sources.`,
  noSources: 'No source insights for this analysis yet: run the source search on Source Insights (phase 4) first.',
  overview: (o, n, t, s, r, pos, k, a) => `${o} has ${n} of ${t} mentions (${s}) and an average rank of ${r}, position ${pos} of ${k} ranked brands. The average rank over all brands is ${a}.`,
  strengths: (l) => `Strengths: ${l}.`,
  weaknesses: (l) => `Weaknesses: ${l}.`,
  strongShare: (s, p) => `share of model ${s}${p === 1 ? ', the largest' : ''}`,
  positiveTone: (s) => `positive sentiment (score ${s})`,
  negativeTone: (s, w) => (s === null ? `negative words such as ${w}` : `sentiment score ${s}${w ? `, with negative words such as ${w}` : ''}`),
  ahead: (l) => `ranked behind ${l}`,
  weakModel: (b, m, r) => (r === null ? `${b} is weakest on ${m}, which does not rank it.` : `${b} is weakest on ${m} (rank ${r}).`),
  startWith: (qs) => `Improve first where it is weakest: ${qs}.`,
  contentFirst: (qs) => `Create content first for ${qs}: there your brand is unranked or ranked lowest.`,
  noTools: 'I can answer questions about this analysis once I can read its figures. Please ask about rankings, mentions, sentiment or sources.',
}

const de: Phrases = {
  and: 'und',
  quote: (s) => `„${s}“`,
  head: { brand: 'Marke', rank: 'Rang', visibility: 'Sichtbarkeit', share: 'Share of Model', citationShare: 'Anteil der Zitate', mentions: 'Erwähnungen', query: 'Suchanfrage', total: 'Gesamt', domain: 'Domain', type: 'Typ', citations: 'Zitate', score: 'Wert', label: 'Stimmung', positive: 'Positiv', neutral: 'Neutral', negative: 'Negativ' },
  modelMetrics: (b, m, r, v, s) => `Bei ${m} ${r === null ? `wird ${b} nicht gerankt` : `hat ${b} einen durchschnittlichen Rang von ${r}`} und eine Sichtbarkeit von ${v}${s ? `; der Share of Model liegt dort bei ${s}` : ''}.`,
  bestThere: (b, r) => `Am besten platziert ist dort ${b} (${r}).`,
  modelMissing: (m, a) => `${m} hat in dieser Analyse keine Antworten. Modelle mit Antworten: ${a}.`,
  perModel: (b, parts, c, v) => `${b} erreicht ${parts} (kombiniert ${c}, Sichtbarkeit ${v}).`,
  rankOn: (r, m) => `Rang ${r} bei ${m}`,
  notRankedOn: (b, ms) => `Bei ${ms} wird ${b} nicht gerankt.`,
  modelExtreme: (b, w, m, r) => `${m} platziert ${b} am ${w ? 'schlechtesten' : 'besten'}, mit Rang ${r}.`,
  modelTie: (b, r, ms) => `${b} hat bei jedem Modell, das die Marke rankt (${ms}), Rang ${r} – kein Modell platziert sie besser oder schlechter.`,
  share: (o, s, others) => `${o} hat einen Share of Model von ${s}. Die Wettbewerber: ${others}.`,
  above: (o, r, l) => `Vor ${o} (${r}) platziert: ${l}.`,
  noneAbove: (o, r) => `Kein Wettbewerber ist besser platziert als ${o} (${r}).`,
  ranks: (b, r, v) => `${b} hat einen durchschnittlichen Rang von ${r} und eine Sichtbarkeit von ${v}.`,
  bestBrand: (b, r) => `Am besten platziert ist ${b} (${r}).`,
  neverRanked: (b) => `${b} wird in keiner Antwort gerankt.`,
  queryBest: (b, w, qs, r) => `Am ${w ? 'schlechtesten' : 'besten'} platziert ist ${b} bei ${qs} (${r}).`,
  queriesRanked: (x) => `Gerankt wird die Marke bei ${x} Suchanfragen.`,
  queryUnranked: (b, qs, n) => `${b} wird bei ${n === 1 ? 'einer Suchanfrage' : `${n} Suchanfragen`} nicht gerankt: ${qs}.`,
  queryAllRanked: (b, x) => `${b} wird bei jeder Suchanfrage gerankt (${x}).`,
  mentionsTop: (b, n, p, t, c) => `${b} ist ${c ? 'der am häufigsten erwähnte Wettbewerber' : 'die am häufigsten erwähnte Marke'}, mit ${n} Erwähnungen (${p} von insgesamt ${t}).`,
  ownMentions: (o, n, p) => `${o} kommt auf ${n} (${p}).`,
  mentionsOwnQuery: (o, q, n, t) => `${o} wird bei ${q} am häufigsten erwähnt: ${n} der ${t} Erwähnungen dieser Suchanfrage.`,
  mentionsByQuery: (q, t, top, n) => `${q}: ${t} Erwähnungen, die meisten für ${top} (${n})`,
  sentiment: (b, l, s, p, u, g, n) => `Die Stimmung gegenüber ${b} ist ${l === 'positive' ? 'positiv' : l === 'negative' ? 'negativ' : 'neutral'} (Wert ${s}): ${p} positiv, ${u} neutral und ${g} negativ in ${n} Sätzen.`,
  sentimentUnavailable: (note) => `Die Stimmung wird für diese Analyse nicht gemessen (${note}).`,
  words: (p, g) => `Die Wörter dahinter: positiv ${p || '–'}; negativ ${g || '–'}.`,
  sourcesTop: (l) => `Am häufigsten zitiert werden ${l}.`,
  domainCount: (d, n, s) => `${d} wird ${n}-mal zitiert (${s} der Zitate).`,
  domainAbsent: (d) => `${d} gehört nicht zu den meistzitierten Websites.`,
  ownCited: (c) => `Ihre eigenen Websites werden in ${c.replace(' of ', ' von ').replace('answers', 'Antworten')} zitiert.`,
  sourcesOfType: (t, l) => `Zitierte ${t === 'Owned' ? 'eigene' : t === 'Competitor' ? 'Websites von Wettbewerbern' : 'unabhängige (Earned-)'}${t === 'Competitor' ? '' : ' Websites'}: ${l}.`,
  noneOfType: (t) => `Unter den zitierten Quellen ist ${t === 'Owned' ? 'keine eigene Website' : t === 'Competitor' ? 'keine Website eines Wettbewerbers' : 'keine unabhängige (Earned-)Website'}.`,
  noSources: 'Für diese Analyse gibt es noch keine Quellen-Insights: Starten Sie zuerst die Quellensuche unter Source Insights (Phase 4).',
  overview: (o, n, t, s, r, pos, k, a) => `${o} hat ${n} von ${t} Erwähnungen (${s}) und einen durchschnittlichen Rang von ${r}, Platz ${pos} von ${k} gerankten Marken. Der durchschnittliche Rang aller Marken liegt bei ${a}.`,
  strengths: (l) => `Stärken: ${l}.`,
  weaknesses: (l) => `Schwächen: ${l}.`,
  strongShare: (s, p) => `Share of Model ${s}${p === 1 ? ', der größte' : ''}`,
  positiveTone: (s) => `positive Stimmung (Wert ${s})`,
  negativeTone: (s, w) => (s === null ? `negative Wörter wie ${w}` : `Stimmungswert ${s}${w ? `, mit negativen Wörtern wie ${w}` : ''}`),
  ahead: (l) => `platziert hinter ${l}`,
  weakModel: (b, m, r) => (r === null ? `Am schwächsten ist ${b} bei ${m}, das die Marke nicht rankt.` : `Am schwächsten ist ${b} bei ${m} (Rang ${r}).`),
  startWith: (qs) => `Verbessern Sie zuerst, wo die Marke am schwächsten ist: ${qs}.`,
  contentFirst: (qs) => `Erstellen Sie zuerst Inhalte für ${qs}: Dort ist Ihre Marke nicht oder am schlechtesten platziert.`,
  noTools: 'Ich beantworte Fragen zu dieser Analyse, sobald ich ihre Zahlen lesen kann. Fragen Sie nach Rängen, Erwähnungen, Stimmung oder Quellen.',
}

const fr: Phrases = {
  and: 'et',
  quote: (s) => `« ${s} »`,
  head: { brand: 'Marque', rank: 'Rang', visibility: 'Visibilité', share: 'Part de modèle', citationShare: 'Part des citations', mentions: 'Mentions', query: 'Requête', total: 'Total', domain: 'Domaine', type: 'Type', citations: 'Citations', score: 'Score', label: 'Sentiment', positive: 'Positif', neutral: 'Neutre', negative: 'Négatif' },
  modelMetrics: (b, m, r, v, s) => `Sur ${m}, ${b} ${r === null ? "n'est pas classée" : `a un rang moyen de ${r}`} et une visibilité de ${v}${s ? ` ; sa part de modèle y est de ${s}` : ''}.`,
  bestThere: (b, r) => `La marque la mieux classée y est ${b} (${r}).`,
  modelMissing: (m, a) => `${m} n'a aucune réponse dans cette analyse. Modèles avec des réponses : ${a}.`,
  perModel: (b, parts, c, v) => `${b} obtient ${parts} (combiné ${c}, visibilité ${v}).`,
  rankOn: (r, m) => `le rang ${r} sur ${m}`,
  notRankedOn: (b, ms) => `${b} n'est pas classée sur ${ms}.`,
  modelExtreme: (b, w, m, r) => `C'est ${m} qui classe ${b} le ${w ? 'moins bien' : 'mieux'}, au rang ${r}.`,
  modelTie: (b, r, ms) => `${b} est au rang ${r} sur chaque modèle qui la classe (${ms}) : aucun modèle ne la classe mieux ou moins bien qu'un autre.`,
  share: (o, s, others) => `${o} a une part de modèle de ${s}. Les concurrents : ${others}.`,
  above: (o, r, l) => `Classés devant ${o} (${r}) : ${l}.`,
  noneAbove: (o, r) => `Aucun concurrent n'est classé devant ${o} (${r}).`,
  ranks: (b, r, v) => `${b} a un rang moyen de ${r} et une visibilité de ${v}.`,
  bestBrand: (b, r) => `La marque la mieux classée est ${b} (${r}).`,
  neverRanked: (b) => `${b} n'est classée dans aucune réponse.`,
  queryBest: (b, w, qs, r) => `${b} est ${w ? 'le moins bien' : 'le mieux'} classée pour ${qs} (${r}).`,
  queriesRanked: (x) => `Elle est classée pour ${x.replace(' of ', ' sur ')} requêtes.`,
  queryUnranked: (b, qs, n) => `${b} n'est pas classée pour ${n === 1 ? 'une requête' : `${n} requêtes`} : ${qs}.`,
  queryAllRanked: (b, x) => `${b} est classée pour chaque requête (${x.replace(' of ', ' sur ')}).`,
  mentionsTop: (b, n, p, t, c) => `${b} est ${c ? 'le concurrent le plus mentionné' : 'la marque la plus mentionnée'}, avec ${n} mentions (${p} des ${t} mentions).`,
  ownMentions: (o, n, p) => `${o} en a ${n} (${p}).`,
  mentionsOwnQuery: (o, q, n, t) => `${o} est le plus mentionnée pour ${q} : ${n} des ${t} mentions de cette requête.`,
  mentionsByQuery: (q, t, top, n) => `${q} : ${t} mentions, surtout ${top} (${n})`,
  sentiment: (b, l, s, p, u, g, n) => `Le sentiment envers ${b} est ${l === 'positive' ? 'positif' : l === 'negative' ? 'négatif' : 'neutre'} (score ${s}) : ${p} positif, ${u} neutre et ${g} négatif sur ${n} phrases.`,
  sentimentUnavailable: (note) => `Le sentiment n'est pas mesuré pour cette analyse (${note}).`,
  words: (p, g) => `Les mots qui l'expliquent : positifs ${p || '–'} ; négatifs ${g || '–'}.`,
  sourcesTop: (l) => `Les sites les plus cités sont ${l}.`,
  domainCount: (d, n, s) => `${d} est cité ${n} fois (${s} des citations).`,
  domainAbsent: (d) => `${d} ne fait pas partie des sites les plus cités.`,
  ownCited: (c) => `Vos propres sites sont cités dans ${c.replace(' of ', ' réponses sur ').replace(' answers', '')}.`,
  sourcesOfType: (t, l) => `Sites ${t === 'Owned' ? 'propres' : t === 'Competitor' ? 'de concurrents' : 'tiers (earned media)'} cités : ${l}.`,
  noneOfType: (t) => `Aucun site ${t === 'Owned' ? 'propre' : t === 'Competitor' ? 'de concurrent' : 'tiers (earned media)'} ne figure parmi les sources citées.`,
  noSources: "Pas encore d'analyse des sources pour cette analyse : lancez d'abord la recherche de sources dans Source Insights (phase 4).",
  overview: (o, n, t, s, r, pos, k, a) => `${o} a ${n} des ${t} mentions (${s}) et un rang moyen de ${r}, position ${pos} sur ${k} marques classées. Le rang moyen de toutes les marques est ${a}.`,
  strengths: (l) => `Points forts : ${l}.`,
  weaknesses: (l) => `Points faibles : ${l}.`,
  strongShare: (s, p) => `part de modèle de ${s}${p === 1 ? ', la plus élevée' : ''}`,
  positiveTone: (s) => `sentiment positif (score ${s})`,
  negativeTone: (s, w) => (s === null ? `des mots négatifs comme ${w}` : `score de sentiment ${s}${w ? `, avec des mots négatifs comme ${w}` : ''}`),
  ahead: (l) => `classée derrière ${l}`,
  weakModel: (b, m, r) => (r === null ? `${b} est la plus faible sur ${m}, qui ne la classe pas.` : `${b} est la plus faible sur ${m} (rang ${r}).`),
  startWith: (qs) => `Améliorez d'abord là où elle est la plus faible : ${qs}.`,
  contentFirst: (qs) => `Créez d'abord du contenu pour ${qs} : votre marque y est absente du classement ou la moins bien classée.`,
  noTools: "Je réponds aux questions sur cette analyse dès que je peux lire ses chiffres. Posez une question sur les rangs, les mentions, le sentiment ou les sources.",
}

const es: Phrases = {
  and: 'y',
  quote: (s) => `«${s}»`,
  head: { brand: 'Marca', rank: 'Posición', visibility: 'Visibilidad', share: 'Cuota de modelo', citationShare: 'Cuota de citas', mentions: 'Menciones', query: 'Consulta', total: 'Total', domain: 'Dominio', type: 'Tipo', citations: 'Citas', score: 'Puntuación', label: 'Sentimiento', positive: 'Positivo', neutral: 'Neutral', negative: 'Negativo' },
  modelMetrics: (b, m, r, v, s) => `En ${m}, ${b} ${r === null ? 'no aparece clasificada' : `tiene una posición media de ${r}`} y una visibilidad del ${v}${s ? `; allí su cuota de modelo es del ${s}` : ''}.`,
  bestThere: (b, r) => `La marca mejor clasificada allí es ${b} (${r}).`,
  modelMissing: (m, a) => `${m} no tiene respuestas en este análisis. Modelos con respuestas: ${a}.`,
  perModel: (b, parts, c, v) => `${b} obtiene ${parts} (combinada ${c}, visibilidad ${v}).`,
  rankOn: (r, m) => `la posición ${r} en ${m}`,
  notRankedOn: (b, ms) => `${b} no aparece clasificada en ${ms}.`,
  modelExtreme: (b, w, m, r) => `${m} es el modelo que ${w ? 'peor' : 'mejor'} clasifica a ${b}, en la posición ${r}.`,
  modelTie: (b, r, ms) => `${b} tiene la posición ${r} en todos los modelos que la clasifican (${ms}): ningún modelo la clasifica mejor o peor que otro.`,
  share: (o, s, others) => `${o} tiene una cuota de modelo del ${s}. Los competidores: ${others}.`,
  above: (o, r, l) => `Por encima de ${o} (${r}): ${l}.`,
  noneAbove: (o, r) => `Ningún competidor está por encima de ${o} (${r}).`,
  ranks: (b, r, v) => `${b} tiene una posición media de ${r} y una visibilidad del ${v}.`,
  bestBrand: (b, r) => `La marca mejor clasificada es ${b} (${r}).`,
  neverRanked: (b) => `${b} no aparece clasificada en ninguna respuesta.`,
  queryBest: (b, w, qs, r) => `${b} está ${w ? 'peor' : 'mejor'} clasificada en ${qs} (${r}).`,
  queriesRanked: (x) => `Aparece clasificada en ${x.replace(' of ', ' de ')} consultas.`,
  queryUnranked: (b, qs, n) => `${b} no aparece clasificada en ${n === 1 ? 'una consulta' : `${n} consultas`}: ${qs}.`,
  queryAllRanked: (b, x) => `${b} aparece clasificada en todas las consultas (${x.replace(' of ', ' de ')}).`,
  mentionsTop: (b, n, p, t, c) => `${b} es ${c ? 'el competidor más mencionado' : 'la marca más mencionada'}, con ${n} menciones (${p} de las ${t}).`,
  ownMentions: (o, n, p) => `${o} tiene ${n} (${p}).`,
  mentionsOwnQuery: (o, q, n, t) => `${o} se menciona sobre todo en ${q}: ${n} de las ${t} menciones de esa consulta.`,
  mentionsByQuery: (q, t, top, n) => `${q}: ${t} menciones, la mayoría de ${top} (${n})`,
  sentiment: (b, l, s, p, u, g, n) => `El sentimiento hacia ${b} es ${l === 'positive' ? 'positivo' : l === 'negative' ? 'negativo' : 'neutral'} (puntuación ${s}): ${p} positivo, ${u} neutral y ${g} negativo en ${n} frases.`,
  sentimentUnavailable: (note) => `El sentimiento no se mide en este análisis (${note}).`,
  words: (p, g) => `Las palabras detrás: positivas ${p || '–'}; negativas ${g || '–'}.`,
  sourcesTop: (l) => `Los sitios más citados son ${l}.`,
  domainCount: (d, n, s) => `${d} se cita ${n} ${n === 1 ? 'vez' : 'veces'} (${s} de las citas).`,
  domainAbsent: (d) => `${d} no está entre los sitios más citados.`,
  ownCited: (c) => `Sus propios sitios se citan en ${c.replace(' of ', ' de ').replace('answers', 'respuestas')}.`,
  sourcesOfType: (t, l) => `Sitios ${t === 'Owned' ? 'propios' : t === 'Competitor' ? 'de competidores' : 'de terceros (earned media)'} citados: ${l}.`,
  noneOfType: (t) => `Ningún sitio ${t === 'Owned' ? 'propio' : t === 'Competitor' ? 'de competidores' : 'de terceros (earned media)'} está entre las fuentes citadas.`,
  noSources: 'Todavía no hay información de fuentes para este análisis: ejecute primero la búsqueda de fuentes en Source Insights (fase 4).',
  overview: (o, n, t, s, r, pos, k, a) => `${o} tiene ${n} de ${t} menciones (${s}) y una posición media de ${r}, el puesto ${pos} de ${k} marcas clasificadas. La posición media de todas las marcas es ${a}.`,
  strengths: (l) => `Fortalezas: ${l}.`,
  weaknesses: (l) => `Debilidades: ${l}.`,
  strongShare: (s, p) => `cuota de modelo del ${s}${p === 1 ? ', la mayor' : ''}`,
  positiveTone: (s) => `sentimiento positivo (puntuación ${s})`,
  negativeTone: (s, w) => (s === null ? `palabras negativas como ${w}` : `puntuación de sentimiento ${s}${w ? `, con palabras negativas como ${w}` : ''}`),
  ahead: (l) => `por detrás de ${l}`,
  weakModel: (b, m, r) => (r === null ? `${b} es más débil en ${m}, que no la clasifica.` : `${b} es más débil en ${m} (posición ${r}).`),
  startWith: (qs) => `Mejore primero donde es más débil: ${qs}.`,
  contentFirst: (qs) => `Cree contenido primero para ${qs}: allí su marca no aparece o está peor clasificada.`,
  noTools: 'Respondo preguntas sobre este análisis en cuanto pueda leer sus cifras. Pregunte por posiciones, menciones, sentimiento o fuentes.',
}

const ja: Phrases = {
  and: 'と',
  quote: (s) => `「${s}」`,
  head: { brand: 'ブランド', rank: '順位', visibility: '可視性', share: 'シェア・オブ・モデル', citationShare: '引用シェア', mentions: '言及数', query: 'クエリ', total: '合計', domain: 'ドメイン', type: '種類', citations: '引用数', score: 'スコア', label: 'センチメント', positive: 'ポジティブ', neutral: 'ニュートラル', negative: 'ネガティブ' },
  modelMetrics: (b, m, r, v, s) => `${m}では、${b}は${r === null ? 'ランク外' : `平均順位${r}`}、可視性${v}です${s ? `。シェア・オブ・モデルは${s}です` : ''}。`,
  bestThere: (b, r) => `そこで最も順位が高いのは${b}（${r}）です。`,
  modelMissing: (m, a) => `${m}にはこの分析の回答がありません。回答のあるモデル：${a}。`,
  perModel: (b, parts, c, v) => `${b}の順位は${parts}です（総合${c}、可視性${v}）。`,
  rankOn: (r, m) => `${m}で${r}`,
  notRankedOn: (b, ms) => `${ms}では${b}はランク外です。`,
  modelExtreme: (b, w, m, r) => `${b}を最も${w ? '低く' : '高く'}評価しているのは${m}で、順位は${r}です。`,
  modelTie: (b, r, ms) => `${b}はランクしているすべてのモデル（${ms}）で順位${r}です。モデルによる差はありません。`,
  share: (o, s, others) => `${o}のシェア・オブ・モデルは${s}です。競合：${others}。`,
  above: (o, r, l) => `${o}（${r}）より上位：${l}。`,
  noneAbove: (o, r) => `${o}（${r}）より上位の競合はありません。`,
  ranks: (b, r, v) => `${b}の平均順位は${r}、可視性は${v}です。`,
  bestBrand: (b, r) => `最も順位が高いブランドは${b}（${r}）です。`,
  neverRanked: (b) => `${b}はどの回答でもランク外です。`,
  queryBest: (b, w, qs, r) => `${b}の順位が最も${w ? '低い' : '高い'}のは${qs}です（${r}）。`,
  queriesRanked: (x) => `ランクされているクエリは${x.replace(' of ', '件中')}件です。`,
  queryUnranked: (b, qs, n) => `${b}がランク外のクエリは${n}件です：${qs}。`,
  queryAllRanked: (b, x) => `${b}はすべてのクエリでランクされています（${x.replace(' of ', '件中')}件）。`,
  mentionsTop: (b, n, p, t, c) => `最も多く言及されている${c ? '競合' : 'ブランド'}は${b}で、言及数は${n}（全${t}件の${p}）です。`,
  ownMentions: (o, n, p) => `${o}は${n}件（${p}）です。`,
  mentionsOwnQuery: (o, q, n, t) => `${o}が最も多く言及されているのは${q}で、このクエリの言及${t}件中${n}件です。`,
  mentionsByQuery: (q, t, top, n) => `${q}：言及${t}件、最多は${top}（${n}）`,
  sentiment: (b, l, s, p, u, g, n) => `${b}へのセンチメントは${l === 'positive' ? 'ポジティブ' : l === 'negative' ? 'ネガティブ' : 'ニュートラル'}です（スコア${s}）。${n}文のうちポジティブ${p}、ニュートラル${u}、ネガティブ${g}です。`,
  sentimentUnavailable: (note) => `この分析ではセンチメントを測定していません（${note}）。`,
  words: (p, g) => `その理由となる語：ポジティブ ${p || '–'}、ネガティブ ${g || '–'}。`,
  sourcesTop: (l) => `最も多く引用されているサイトは${l}です。`,
  domainCount: (d, n, s) => `${d}の引用数は${n}件（引用全体の${s}）です。`,
  domainAbsent: (d) => `${d}は引用の多いサイトに含まれていません。`,
  ownCited: (c) => `自社サイトは${c.replace(' of ', '件中').replace(' answers', '件')}の回答で引用されています。`,
  sourcesOfType: (t, l) => `引用されている${t === 'Owned' ? '自社' : t === 'Competitor' ? '競合' : '第三者（アーンドメディア）'}サイト：${l}。`,
  noneOfType: (t) => `引用元に${t === 'Owned' ? '自社' : t === 'Competitor' ? '競合' : '第三者（アーンドメディア）'}サイトはありません。`,
  noSources: 'この分析にはまだソース分析がありません。先にSource Insights（フェーズ4）でソース検索を実行してください。',
  overview: (o, n, t, s, r, pos, k, a) => `${o}の言及数は${t}件中${n}件（${s}）、平均順位は${r}で、ランクされた${k}ブランド中${pos}位です。全ブランドの平均順位は${a}です。`,
  strengths: (l) => `強み：${l}。`,
  weaknesses: (l) => `弱み：${l}。`,
  strongShare: (s, p) => `シェア・オブ・モデル${s}${p === 1 ? '（最大）' : ''}`,
  positiveTone: (s) => `ポジティブなセンチメント（スコア${s}）`,
  negativeTone: (s, w) => (s === null ? `ネガティブな語（${w}）` : `センチメントスコア${s}${w ? `（ネガティブな語：${w}）` : ''}`),
  ahead: (l) => `${l}より下位`,
  weakModel: (b, m, r) => (r === null ? `${b}が最も弱いのは${m}で、ランク外です。` : `${b}が最も弱いのは${m}（順位${r}）です。`),
  startWith: (qs) => `最も弱いところから改善しましょう：${qs}。`,
  contentFirst: (qs) => `まず${qs}向けのコンテンツを作成しましょう。そこではブランドがランク外か最も低い順位です。`,
  noTools: '分析の数値を読み取れれば、この分析についての質問にお答えします。順位、言及、センチメント、ソースについて質問してください。',
}

export const PHRASES: Record<Lang, Phrases> = { en, de, fr, es, ja }
