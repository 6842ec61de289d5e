/**
 * The few words around a simulated answer that are not its claims: the "Sources:" heading, a ranking
 * table's header, a follow-up web search, and Claude's remarks between its searches. A project in
 * another language gets them in that language, as a model asked in it writes them.
 * Languages without an entry use English for these (their claims are still in their own language).
 */
import { languageKey } from './languages'

export interface AnswerWords {
  sources: string
  /** Header row of a ranking table: rank, brand, why. */
  table: [string, string, string]
  /** A follow-up search: "{m} Test 2026". */
  reviewSearch: (market: string, year: string) => string
  /** Claude before its first search, and between two searches. */
  searching: string
  searchingMore: string
  /** Title of a brand's home page: "Hoka – official website". */
  official: string
  /** Said under an answer whose brands are illustrative (a market the catalogue does not know). */
  demoNote?: string
}

const EN: AnswerWords = {
  sources: 'Sources:',
  table: ['#', 'Brand', 'Why'],
  reviewSearch: (m, y) => `${m} reviews ${y}`,
  searching: "I'll search for current reviews and rankings to answer this. ",
  searchingMore: 'Let me search for more recent reviews to make sure the answer is up to date.',
  official: 'official website',
}

const WORDS: Record<string, AnswerWords> = {
  de: { sources: 'Quellen:', table: ['#', 'Marke', 'Warum'], reviewSearch: (m, y) => `${m} Test ${y}`, searching: 'Ich suche nach aktuellen Tests und Bestenlisten, um das zu beantworten. ', searchingMore: 'Ich suche noch nach neueren Testberichten, damit die Antwort aktuell ist.', official: 'offizielle Website', demoNote: '_Demo-Hinweis: Der Modellsimulator kennt für diesen Markt keine echten Marken; Namen, deren Website auf .example endet, sind erfunden._' },
  fr: { sources: 'Sources :', table: ['#', 'Marque', 'Pourquoi'], reviewSearch: (m, y) => `comparatif ${m} ${y}`, searching: 'Je recherche des tests et classements récents pour répondre. ', searchingMore: 'Je vérifie des avis plus récents pour que la réponse soit à jour.', official: 'site officiel', demoNote: '_Note de démo : le simulateur ne connaît pas de vraies marques pour ce marché ; les noms dont le site se termine par .example sont fictifs._' },
  es: { sources: 'Fuentes:', table: ['#', 'Marca', 'Por qué'], reviewSearch: (m, y) => `${m} opiniones ${y}`, searching: 'Voy a buscar reseñas y rankings actuales para responder. ', searchingMore: 'Busco reseñas más recientes para que la respuesta esté al día.', official: 'sitio web oficial', demoNote: '_Nota de demostración: el simulador no conoce marcas reales de este mercado; los nombres cuya web termina en .example son ilustrativos._' },
  it: { sources: 'Fonti:', table: ['#', 'Marchio', 'Perché'], reviewSearch: (m, y) => `${m} recensioni ${y}`, searching: 'Cerco recensioni e classifiche aggiornate per rispondere. ', searchingMore: 'Cerco recensioni più recenti per una risposta aggiornata.', official: 'sito ufficiale' },
  pt: { sources: 'Fontes:', table: ['#', 'Marca', 'Por quê'], reviewSearch: (m, y) => `${m} avaliações ${y}`, searching: 'Vou pesquisar avaliações e rankings atuais para responder. ', searchingMore: 'Vou procurar avaliações mais recentes para a resposta estar atualizada.', official: 'site oficial' },
  nl: { sources: 'Bronnen:', table: ['#', 'Merk', 'Waarom'], reviewSearch: (m, y) => `${m} review ${y}`, searching: 'Ik zoek actuele reviews en ranglijsten om dit te beantwoorden. ', searchingMore: 'Ik zoek nog recentere reviews zodat het antwoord actueel is.', official: 'officiële website' },
  pl: { sources: 'Źródła:', table: ['#', 'Marka', 'Dlaczego'], reviewSearch: (m, y) => `${m} opinie ${y}`, searching: 'Szukam aktualnych recenzji i rankingów, aby odpowiedzieć. ', searchingMore: 'Sprawdzam nowsze recenzje, aby odpowiedź była aktualna.', official: 'oficjalna strona' },
  ja: { sources: '出典：', table: ['#', 'ブランド', '理由'], reviewSearch: (m, y) => `${m} おすすめ ${y}`, searching: '最新のレビューとランキングを検索して回答します。', searchingMore: '回答を最新にするため、さらに新しいレビューを検索します。', official: '公式サイト', demoNote: '_デモの注記：この市場の実在ブランドはシミュレーターのカタログにないため、.example で終わるサイトの名前は架空のものです。_' },
  'zh-CN': { sources: '来源：', table: ['#', '品牌', '理由'], reviewSearch: (m, y) => `${m} 评测 ${y}`, searching: '我先搜索最新的评测和排行来回答。', searchingMore: '我再搜索一些更新的评测，确保回答是最新的。', official: '官方网站' },
  'zh-TW': { sources: '來源：', table: ['#', '品牌', '理由'], reviewSearch: (m, y) => `${m} 評測 ${y}`, searching: '我先搜尋最新的評測和排行來回答。', searchingMore: '我再搜尋一些更新的評測，確保回答是最新的。', official: '官方網站' },
  ko: { sources: '출처:', table: ['#', '브랜드', '이유'], reviewSearch: (m, y) => `${m} 추천 ${y}`, searching: '최신 리뷰와 순위를 검색해 답변하겠습니다. ', searchingMore: '답변이 최신이 되도록 더 최근 리뷰를 검색하겠습니다.', official: '공식 웹사이트' },
  ru: { sources: 'Источники:', table: ['#', 'Бренд', 'Почему'], reviewSearch: (m, y) => `${m} отзывы ${y}`, searching: 'Ищу свежие обзоры и рейтинги, чтобы ответить. ', searchingMore: 'Проверю более свежие обзоры, чтобы ответ был актуальным.', official: 'официальный сайт' },
  tr: { sources: 'Kaynaklar:', table: ['#', 'Marka', 'Neden'], reviewSearch: (m, y) => `${m} yorumları ${y}`, searching: 'Yanıtlamak için güncel incelemeleri ve sıralamaları arıyorum. ', searchingMore: 'Yanıtın güncel olması için daha yeni incelemelere bakıyorum.', official: 'resmi web sitesi' },
}

export function answerWords(language: string | undefined): AnswerWords {
  const k = languageKey(language)
  return (k && WORDS[k]) || EN
}
