import { cleanFramework } from '../app/domain/framework'
import { parseAnswer, type BrandDef } from '../app/domain/metrics'
import { SETUP_LANGUAGES } from '../app/domain/limits'
import { composeAnswer, renderAnswer, type AnswerFormat } from './answer'
import { buildFramework } from './framework'
import { findMarket } from './knowledge'
import { guessLanguage, localBrand, phrasebook } from './languages'
import { ProjectStore } from './projects'

/** A project learned from the framework prompt, as the simulator server does it. */
function project(brand: string, market: string, language: string) {
  const input = { brand, market, region: '', language, marketType: 'B2C' as const, maxCompetitors: 8, maxQueries: 20 }
  const built = buildFramework(input, 'seed-1', '2025')
  const framework = cleanFramework(built.result, { brand, maxCompetitors: 8, maxQueries: 20 })
  const store = new ProjectStore()
  store.learn({
    brand: built.brand, market, marketKey: built.market?.key, marketLabel: built.marketLabel, region: '', language, marketType: 'B2C',
    competitors: framework.competitors, queries: framework.queries, learnedAt: '2025-06-01T00:00:00.000Z',
  })
  const brands: BrandDef[] = [{ name: brand, alternativeNames: [], domains: [], isOwn: true }, ...framework.competitors]
  const answer = (q: string, model = 'gpt-5', format?: AnswerFormat) =>
    renderAnswer(composeAnswer({ provider: 'openai', model, prompt: q, day: '2025-06-01', seed: 'seed-1', brandRate: 0.7, subject: store.find(q), cite: false, format }), 'none').text
  return { framework, brands, answer }
}

describe('simulator languages', () => {
  it('finds markets described in other languages', () => {
    expect(findMarket('スマートフォン（日本市場）')?.key).toBe('smartphones')
    expect(findMarket('智能手机')?.key).toBe('smartphones')
    expect(findMarket('전기차 시장')?.key).toBe('electric-cars')
    expect(findMarket('buty do biegania')?.key).toBe('running-shoes')
  })

  it('names catalogue brands natively, keeping the catalogue name as an alternative', () => {
    const samsung = { name: 'Samsung', alternativeNames: ['Galaxy'], domains: ['samsung.com'] }
    expect(localBrand(samsung, 'ja')).toEqual({ name: 'サムスン', alternativeNames: ['Samsung', 'Galaxy'], domains: ['samsung.com'] })
    expect(localBrand(samsung, 'zh-TW').name).toBe('三星')
    expect(localBrand(samsung, 'de')).toBe(samsung)
    expect(localBrand(samsung, 'en-GB')).toBe(samsung)
  })

  it('guesses the language of a prompt from its script', () => {
    expect(guessLanguage('おすすめのスマホは？')).toBe('ja')
    expect(guessLanguage('추천 스마트폰')).toBe('ko')
    expect(guessLanguage('最好的手机')).toBe('zh-CN')
    expect(guessLanguage('best phones')).toBeUndefined()
  })

  it('a Japanese project gets Japanese queries, native competitor names and Japanese answers', () => {
    const p = project('ソニー', 'スマートフォン', 'ja')
    const names = p.framework.competitors.map((c) => c.name)
    expect(names).toContain('サムスン')
    expect(names).toContain('アップル')
    expect(names).not.toContain('ソニー') // the own brand is not its own competitor
    expect(p.framework.queries.every((q) => /[\p{scx=Hira}\p{scx=Kana}\p{sc=Han}]/u.test(q))).toBe(true)

    // Every answer is in Japanese; over the queries the parse finds mentions, ranks and
    // a sentiment split (day and seed pinned).
    let mentions = 0
    let ranked = 0
    const sentences = { positive: 0, negative: 0, neutral: 0 }
    for (const q of p.framework.queries) {
      const text = p.answer(q)
      expect(text).toContain('。')
      const parsed = parseAnswer(text, p.brands, 'ja')
      for (const b of p.brands) {
        mentions += parsed.mentions[b.name]
        const s = parsed.sentiment[b.name]
        expect(s.available).toBeUndefined()
        if (s.mentions > 0) {
          if (s.positive > 0) sentences.positive++
          if (s.negative > 0) sentences.negative++
          if (s.neutral > 0) sentences.neutral++
        }
      }
      ranked += Object.keys(parsed.rankings).length
    }
    expect(mentions).toBeGreaterThan(50)
    expect(ranked).toBeGreaterThan(20)
    expect(sentences.positive).toBeGreaterThan(0)
    expect(sentences.negative).toBeGreaterThan(0)
  })

  it.each([
    ['zh-CN', '小米', '智能手机', '三星'],
    ['zh-TW', '小米', '智慧型手機', '三星'],
    ['ko', '삼성', '스마트폰', '애플'],
    ['th', 'ซัมซุง', 'สมาร์ทโฟน', 'แอปเปิล'],
    ['ar', 'سامسونج', 'الهواتف الذكية', 'آبل'],
    ['hi', 'सैमसंग', 'स्मार्टफोन', 'एप्पल'],
    ['ru', 'Самсунг', 'смартфоны', 'Эппл'],
    ['tr', 'Arçelik', 'akıllı telefonlar', 'Samsung'],
    ['de', 'Siemens', 'Smartphones', 'Samsung'],
    ['pl', 'Allegro', 'smartfony', 'Samsung'],
  ])('%s: answers name competitors as the project does and are measured', (lang, brand, market, competitor) => {
    const p = project(brand, market, lang)
    expect(p.framework.competitors.map((c) => c.name)).toContain(competitor)
    const book = phrasebook(lang)!
    const texts = p.framework.queries.slice(0, 6).map((q) => p.answer(q))
    // the answers use the language's phrases (its label for the market) and are parsed in it
    expect(texts.some((t) => t.includes(book.labels.smartphones))).toBe(true)
    const parsed = texts.map((t) => parseAnswer(t, p.brands, lang))
    const total = parsed.reduce((n, x) => n + Object.values(x.mentions).reduce((a, c) => a + c, 0), 0)
    expect(total).toBeGreaterThan(10)
    const scored = parsed.flatMap((x) => Object.values(x.sentiment)).filter((s) => s.positive > 0 || s.negative > 0)
    expect(scored.length).toBeGreaterThan(0)
  })
})

/**
 * Every setup language other than English is answered in that language, with its
 * own rank markers, and the product's parser measures the answer. The markers below are
 * written out by hand (what a reader of the language expects at the head of the first and
 * second item), not taken from languages.ts, so a wrong marker fails here.
 */
const NATIVE: Record<string, { numbers: string[]; first: string; second: string }> = {
  ja: { numbers: ['1、', '１．', '①', '1位：'], first: '### 第一位：', second: '### 第二位：' },
  'zh-CN': { numbers: ['1、', '一、', '１．'], first: '### 第一名：', second: '### 第二名：' },
  'zh-TW': { numbers: ['1、', '一、', '１．'], first: '### 第一名：', second: '### 第二名：' },
  ko: { numbers: ['1위: ', '1. '], first: '### 첫째: ', second: '### 둘째: ' },
  ar: { numbers: ['١. ', 'المركز 1: '], first: '### أولاً: ', second: '### ثانياً: ' },
  ur: { numbers: ['۱۔ ', '1. '], first: '### پہلا: ', second: '### دوسرا: ' },
  th: { numbers: ['๑. ', 'อันดับ 1: '], first: '### อันดับที่ 1: ', second: '### อันดับที่ 2: ' },
  hi: { numbers: ['१. ', '1. '], first: '### पहला स्थान: ', second: '### दूसरा स्थान: ' },
  mr: { numbers: ['१. ', '1. '], first: '### पहिला: ', second: '### दुसरा: ' },
  bn: { numbers: ['১. ', '1. '], first: '### প্রথম: ', second: '### দ্বিতীয়: ' },
  pa: { numbers: ['੧. ', '1. '], first: '### ਪਹਿਲਾ: ', second: '### ਦੂਜਾ: ' },
  gu: { numbers: ['૧. ', '1. '], first: '### પહેલું: ', second: '### બીજું: ' },
  te: { numbers: ['1. ', '1) '], first: '### మొదటిది: ', second: '### రెండవది: ' },
  ta: { numbers: ['1. ', '1) '], first: '### முதலாவது: ', second: '### இரண்டாவது: ' },
  ml: { numbers: ['1. ', '1) '], first: '### ഒന്നാമതായി: ', second: '### രണ്ടാമതായി: ' },
  de: { numbers: ['Platz 1: ', '1. '], first: '### Erstens: ', second: '### Zweitens: ' },
  es: { numbers: ['N.º 1: ', '1. '], first: '### Primera opción: ', second: '### Segunda opción: ' },
  'pt-BR': { numbers: ['Nº 1: ', '1. '], first: '### Primeira opção: ', second: '### Segunda opção: ' },
  'pt-PT': { numbers: ['Nº 1: ', '1. '], first: '### Primeira opção: ', second: '### Segunda opção: ' },
  fr: { numbers: ['N° 1 : ', '1. '], first: '### Premier choix : ', second: '### Deuxième choix : ' },
  it: { numbers: ['1) ', '1. '], first: '### Primo posto: ', second: '### Secondo posto: ' },
  nl: { numbers: ['Nr. 1: ', '1. '], first: '### Eerste keuze: ', second: '### Tweede keuze: ' },
  pl: { numbers: ['Nr 1: ', '1. '], first: '### Pierwsze miejsce: ', second: '### Drugie miejsce: ' },
  ru: { numbers: ['№ 1: ', '1. '], first: '### Первое место: ', second: '### Второе место: ' },
  uk: { numbers: ['№ 1: ', '1. '], first: '### Перше місце: ', second: '### Друге місце: ' },
  tr: { numbers: ['1) ', '1. '], first: '### Birinci tercih: ', second: '### İkinci tercih: ' },
  vi: { numbers: ['Hạng 1: ', '1. '], first: '### Thứ nhất: ', second: '### Thứ hai: ' },
  jv: { numbers: ['1) ', '1. '], first: '### Kapisan: ', second: '### Kapindho: ' },
}

/** The brand a marker line names first (by any of its names), from the line's text alone. */
function brandOnLine(line: string, brands: BrandDef[]): string | undefined {
  let best: { name: string; at: number } | undefined
  for (const b of brands) {
    for (const n of [b.name, ...b.alternativeNames]) {
      const at = line.indexOf(n)
      if (at >= 0 && (!best || at < best.at)) best = { name: b.name, at }
    }
  }
  return best?.name
}

/** Lines of the answer that start with one of the markers, and the rank each marker stands for. */
function markedLines(text: string, markers: Array<[string, number]>): Array<{ line: string; rank: number }> {
  return text.split('\n').flatMap((line) => markers.filter(([m]) => line.startsWith(m)).map(([, rank]) => ({ line, rank })))
}

describe('simulator answers in every setup language', () => {
  const codes = SETUP_LANGUAGES.map((l) => l.code).filter((c) => !c.startsWith('en'))

  it('has a phrasebook and hand-written markers for every setup language but English', () => {
    expect(codes.filter((c) => !phrasebook(c))).toEqual([])
    expect(Object.keys(NATIVE).sort()).toEqual([...codes].sort())
  })

  it.each(codes)('%s: native rank markers are read as ranks, brands are counted and sentiment is split', (lang) => {
    const book = phrasebook(lang)!
    const p = project('Fairphone', book.labels.smartphones, lang)
    const hand = NATIVE[lang]
    const queries = p.framework.queries.slice(0, 8)
    expect(queries.length).toBe(8)

    let mentions = 0
    let nativeRanks = 0
    let positive = 0
    let negative = 0
    for (const [format, markers] of [
      ['native-number', hand.numbers.map((m) => [m, 1] as [string, number])],
      ['native-ordinal', [[hand.first, 1], [hand.second, 2]] as Array<[string, number]>],
    ] as const) {
      for (const q of queries) {
        const text = p.answer(q, 'gpt-5', format)
        const parsed = parseAnswer(text, p.brands, lang)
        const total = Object.values(parsed.mentions).reduce((a, c) => a + c, 0)
        expect(total, text).toBeGreaterThan(0)
        mentions += total
        const lines = markedLines(text, markers)
        // The rank-1 line is there in one of the language's own forms ...
        expect(lines.some((l) => l.rank === 1), text).toBe(true)
        for (const { line, rank } of lines) {
          // ... and the brand it names gets the rank the marker says.
          const brand = brandOnLine(line, p.brands)
          if (!brand) continue // an untracked brand
          expect(parsed.rankings[brand], `${line}\n---\n${text}`).toBe(rank)
          nativeRanks++
        }
        for (const s of Object.values(parsed.sentiment)) {
          if (s.positive > 0) positive++
          if (s.negative > 0) negative++
        }
      }
    }
    expect(mentions).toBeGreaterThan(16)
    expect(nativeRanks).toBeGreaterThan(8)
    expect(positive).toBeGreaterThan(0)
    expect(negative).toBeGreaterThan(0)
  })

  it.each(codes)('%s: left to itself, the simulator writes some answers with native markers', (lang) => {
    const book = phrasebook(lang)!
    const p = project('Fairphone', book.labels.smartphones, lang)
    const hand = NATIVE[lang]
    // Markers that English answers never use (plain "1. " is everybody's).
    const own = [...hand.numbers.filter((m) => m !== '1. '), hand.first].map((m) => [m, 1] as [string, number])
    const texts = p.framework.queries.flatMap((q) => ['gpt-5', 'claude-sonnet-4'].map((model) => p.answer(q, model)))
    const withNative = texts.filter((t) => markedLines(t, own).length > 0)
    expect(withNative.length).toBeGreaterThan(texts.length / 10)
  })
})
