/**
 * The Content Ideator's ideas and drafts in a project's own language: German, French,
 * Spanish and Japanese wordings of the simulator's English ones (ideator.ts), chosen by the ideator
 * language when it is a setup language's code. Other codes keep English.
 */
import { languageKey } from './languages'

export interface IdeatorWords {
  angles: readonly string[]
  title: { rival: string; source: string; missing: string; plain: string }
  description: { gap: string; why: string; source: string; audience: string }
  keyElements: { answer: string; rival: string; criteria: string; source: string; figures: string; faq: string }
  content: { intro: string; covers: string; rivalHeading: string; rivalText: string; rivalMeets: string; sources: string; sourceLine: string; faq: string; faqQuestion: string; faqAnswer: string }
}

/** Templates: {brand}, {rival}, {domain}, {query}, {angle}, {type}, {gap}, {why}, {audience}, {rank}, {model}, {n}. */
const WORDS: Record<string, IdeatorWords> = {
  de: {
    angles: ['Vergleich', 'datengestützter Ratgeber', 'FAQ', 'Kaufcheckliste', 'Expertenrunde'],
    title: { rival: '{brand} oder {rival}? {angle} zu „{query}“', source: 'Zitiert von {domain}: {angle} zu „{query}“', missing: 'Warum {brand} in jede Antwort auf „{query}“ gehört ({angle})', plain: '{brand}: {angle} zu „{query}“' },
    description: { gap: 'Ein Beitrag ({type}), der diese Lücke schließt: {gap}.', why: 'Die Modelle bevorzugen {rival}, weil: „{why}“ – beantworten Sie diesen Punkt mit Belegen von {brand}.', source: 'Geben Sie {domain} etwas Zitierwürdiges: eigene Daten und eine klare Antwort.', audience: 'Für {audience}.' },
    keyElements: { answer: 'Eine direkte Antwort auf „{query}“ im ersten Absatz, mit {brand}', rival: 'Ein fairer Vergleich von {brand} und {rival} in den Punkten, die die Antworten nennen', criteria: 'Die Kriterien, nach denen KI-Antworten „{query}“ beantworten', source: 'Fakten und Zahlen, die {domain} zitieren kann', figures: 'Eigene Zahlen mit Quelle und Datum', faq: 'Ein FAQ-Abschnitt auf Deutsch' },
    content: { intro: '**{query}?** {brand} ist eine starke Antwort: Hier steht, warum, und wie die Marke im Vergleich abschneidet.', covers: 'Worum es in diesem Beitrag geht', rivalHeading: '{brand} und {rival}', rivalText: 'KI-Assistenten nennen {rival} derzeit auf Platz {rank} ({model}). Ihre Begründung: „{why}“', rivalMeets: '{brand} beantwortet diesen Punkt direkt, mit Belegen, die man prüfen kann.', sources: 'Quellen, die sich zu zitieren lohnen', sourceLine: '{domain} ({n}-mal zitiert)', faq: 'Häufige Fragen', faqQuestion: 'Ist {brand} eine gute Wahl für „{query}“?', faqAnswer: 'Ja, aus den oben genannten Gründen.' },
  },
  fr: {
    angles: ['comparatif', 'guide chiffré', 'FAQ', 'check-list d’achat', 'avis d’experts'],
    title: { rival: '{brand} ou {rival} ? {angle} pour « {query} »', source: 'Être cité par {domain} : {angle} sur « {query} »', missing: 'Pourquoi {brand} mérite sa place dans chaque réponse à « {query} » ({angle})', plain: '{brand} : {angle} pour « {query} »' },
    description: { gap: 'Un contenu ({type}) qui comble cette lacune : {gap}.', why: 'Les modèles préfèrent {rival} parce que : « {why} » – répondez sur ce point avec les preuves de {brand}.', source: 'Donnez à {domain} de quoi citer : des données originales et une réponse claire.', audience: 'Pour {audience}.' },
    keyElements: { answer: 'Une réponse directe à « {query} » dès le premier paragraphe, avec {brand}', rival: 'Une comparaison honnête de {brand} et {rival} sur les points soulevés', criteria: 'Les critères des réponses IA pour « {query} »', source: 'Des faits et chiffres que {domain} peut citer', figures: 'Des chiffres originaux avec leur source et leur date', faq: 'Une FAQ en français' },
    content: { intro: '**{query} ?** {brand} est une réponse solide : voici pourquoi, et comment la marque se compare.', covers: 'Ce que couvre cet article', rivalHeading: '{brand} et {rival}', rivalText: 'Les assistants IA classent actuellement {rival} n° {rank} ({model}). Leur raison : « {why} »', rivalMeets: '{brand} répond directement à ce point, preuves vérifiables à l’appui.', sources: 'Sources à citer', sourceLine: '{domain} (cité {n} fois)', faq: 'Questions fréquentes', faqQuestion: '{brand} est-il un bon choix pour « {query} » ?', faqAnswer: 'Oui, pour les raisons ci-dessus.' },
  },
  es: {
    angles: ['comparativa', 'guía con datos', 'preguntas frecuentes', 'lista de compra', 'opinión de expertos'],
    title: { rival: '¿{brand} o {rival}? {angle} sobre «{query}»', source: 'Que te cite {domain}: {angle} sobre «{query}»', missing: 'Por qué {brand} debe aparecer en cada respuesta a «{query}» ({angle})', plain: '{brand}: {angle} sobre «{query}»' },
    description: { gap: 'Un contenido ({type}) que cierra esta brecha: {gap}.', why: 'Los modelos prefieren {rival} porque: «{why}»; responde a ese punto con pruebas de {brand}.', source: 'Dale a {domain} algo que citar: datos propios y una respuesta clara.', audience: 'Para {audience}.' },
    keyElements: { answer: 'Una respuesta directa a «{query}» en el primer párrafo, con {brand}', rival: 'Una comparación justa de {brand} y {rival} en los puntos que citan las respuestas', criteria: 'Los criterios de las respuestas de IA para «{query}»', source: 'Datos y cifras que {domain} pueda citar', figures: 'Cifras propias con fuente y fecha', faq: 'Una sección de preguntas frecuentes en español' },
    content: { intro: '**¿{query}?** {brand} es una buena respuesta: aquí explicamos por qué y cómo se compara.', covers: 'Qué cubre este artículo', rivalHeading: '{brand} y {rival}', rivalText: 'Los asistentes de IA sitúan ahora a {rival} en el puesto {rank} ({model}). Su motivo: «{why}»', rivalMeets: '{brand} responde a ese punto directamente, con pruebas verificables.', sources: 'Fuentes que merece la pena citar', sourceLine: '{domain} (citado {n} veces)', faq: 'Preguntas frecuentes', faqQuestion: '¿Es {brand} una buena opción para «{query}»?', faqAnswer: 'Sí, por los motivos anteriores.' },
  },
  ja: {
    angles: ['比較記事', 'データで見るガイド', 'よくある質問', '購入チェックリスト', '専門家の意見'],
    title: { rival: '{brand}と{rival}を比較：「{query}」の{angle}', source: '{domain}に引用される「{query}」の{angle}', missing: '「{query}」への回答に{brand}が入るべき理由（{angle}）', plain: '{brand}による「{query}」の{angle}' },
    description: { gap: 'このギャップを埋める{type}：{gap}。', why: 'モデルが{rival}を選ぶ理由は「{why}」です。{brand}自身の根拠でこの点に答えましょう。', source: '{domain}が引用したくなる独自データと明確な答えを用意します。', audience: '対象：{audience}。' },
    keyElements: { answer: '最初の段落で「{query}」に{brand}を挙げて直接答える', rival: '回答が挙げる点について{brand}と{rival}を公平に比較する', criteria: 'AIの回答が「{query}」で重視する基準', source: '{domain}が引用できる事実と数字', figures: '出典と日付つきの独自の数字', faq: '日本語のよくある質問' },
    content: { intro: '**{query}？** {brand}は有力な答えです。その理由とほかのブランドとの違いを説明します。', covers: 'この記事の内容', rivalHeading: '{brand}と{rival}', rivalText: 'AIアシスタントは現在{rival}を{rank}位に挙げています（{model}）。理由：「{why}」', rivalMeets: '{brand}は確認できる根拠でこの点に直接答えます。', sources: '引用したい情報源', sourceLine: '{domain}（{n}回引用）', faq: 'よくある質問', faqQuestion: '「{query}」に{brand}は良い選択ですか？', faqAnswer: 'はい、上記の理由からおすすめです。' },
  },
}

/** The ideator's words in the language (a setup language's code), or undefined for English. */
export function ideatorWords(language: string): IdeatorWords | undefined {
  const k = languageKey(language)
  return k ? WORDS[k] : undefined
}

export function fillIn(template: string, vars: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? ''))
}
