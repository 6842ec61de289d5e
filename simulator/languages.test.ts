import { cleanFramework } from '../app/domain/framework'
import { parseAnswer, type BrandDef } from '../app/domain/metrics'
import { composeAnswer, renderAnswer } from './answer'
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
  const answer = (q: string, model = 'gpt-5') =>
    renderAnswer(composeAnswer({ provider: 'openai', model, prompt: q, day: '2025-06-01', seed: 'seed-1', brandRate: 0.7, subject: store.find(q), cite: false }), 'none').text
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
