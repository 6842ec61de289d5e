/**
 * A German or Japanese project is answered in its language on all six engines, and
 * cites that market's own sites and the brands' own pages, never the English catalogue's
 * (en.wikipedia.org, The Guardian, Which?, TechRadar).
 */
import { deu, eng } from 'stopword'
import { marketOf } from '../app/domain/engines/market'
import { createGateway, frameworkPrompt, LLM_PROVIDER_KEYS, simulatorConfigs, type FrameworkResult } from '../activities/gateway'
import { normaliseDomain } from '../app/domain/sources/classify'
import { startSimulator, type SimulatorHandle } from './server'
import { MARKETS } from './knowledge'
import { localDomains } from './sites'
import { simControl } from './testing'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 'sites-test', day: '2026-03-02' })
})
afterAll(async () => {
  await sim.close()
})

/** English function words that German never uses (the lists' overlap, "in", "so", "was" ..., removed). */
const ENGLISH_ONLY = new Set(eng.filter((w) => !deu.includes(w)))

async function answersOf(brand: string, market: string, region: string, language: string) {
  await simControl(sim.url, '/__sim/reset', { forget: true })
  const gw = createGateway(simulatorConfigs(sim.url))
  const fw = (await gw.askJson<FrameworkResult>('openai', frameworkPrompt({ brand, market, region, language, maxCompetitors: 8, maxQueries: 5 }))).data
  // Brand names are no language's words ("Under Armour"): the project's and every catalogued one an answer may add.
  const catalogued = MARKETS.flatMap((m) => m.brands.flatMap((b) => [b.name, ...b.alternativeNames]))
  const names = [brand, ...fw.competitors.flatMap((c) => [c.name, ...c.alternativeNames]), ...catalogued].sort((a, b) => b.length - a.length)
  // Brands' own pages: the project's, and those of the market's other brands an answer names.
  const brandDomains = [...fw.brandDomains, ...fw.competitors.flatMap((c) => c.domains), ...MARKETS.flatMap((m) => m.brands.flatMap((b) => b.domains))]
  const allowed = new Set([...localDomains(language), ...brandDomains].map((d) => normaliseDomain(d)))
  const answers = []
  // The six models, and three of the search engines (an AI Overview may be absent, so it is left out here).
  const askers = [
    ...LLM_PROVIDER_KEYS.map((provider) => ({ provider: provider as string, ask: (prompt: string) => gw.ask(provider, { prompt, webSearch: true }) })),
    ...(['google_ai_mode', 'bing_copilot', 'chatgpt_app'] as const).map((engine) => ({
      provider: engine as string,
      ask: (prompt: string) => gw.ask(engine === 'bing_copilot' ? 'serpapi' : 'dataforseo', { prompt, engine, market: marketOf(language) }),
    })),
  ]
  for (const { provider, ask } of askers) {
    for (const prompt of fw.queries) {
      const a = await ask(prompt)
      // The words the answer writes itself: without brand names, links and the list of sources' titles.
      let prose = a.text.replace(/\[[^\]]*\]\([^)]*\)/g, ' ').replace(/https?:\/\/\S+/g, ' ')
      for (const n of names) prose = prose.split(n).join(' ')
      answers.push({ provider, prompt, text: a.text, prose, urls: [...a.sources, ...a.citations].map((s) => s.url) })
    }
  }
  return { fw, answers, allowed }
}

function foreignCitations(urls: string[], allowed: Set<string | null>): string[] {
  return urls.filter((u) => !allowed.has(normaliseDomain(u)))
}

describe('a German project', () => {
  it('is answered in German on every engine and cites German sites and the brands’ own', async () => {
    const { answers, allowed } = await answersOf('Hoka', 'Laufschuhe', 'Germany', 'de')
    expect(new Set(answers.map((a) => a.provider)).size).toBe(9)
    let cited = 0
    for (const a of answers) {
      const words = a.prose.toLowerCase().split(/[^\p{L}']+/u).filter(Boolean)
      expect(words.filter((w) => ENGLISH_ONLY.has(w)), `${a.provider}: ${a.text}`).toEqual([])
      expect(words.filter((w) => deu.includes(w)).length, a.provider).toBeGreaterThanOrEqual(3)
      expect(foreignCitations(a.urls, allowed), a.provider).toEqual([])
      expect(a.urls.join(' ')).not.toMatch(/en\.wikipedia|theguardian|which\.co\.uk|techradar/)
      cited += a.urls.length
    }
    expect(cited).toBeGreaterThan(20)
    // The market's own testers and retailers are among them.
    const all = answers.flatMap((a) => a.urls).join(' ')
    expect(all).toMatch(/runnersworld\.de|zalando\.de|test\.de|sportscheck\.com|laufen\.de/)
  })
})

describe('a Japanese project', () => {
  it('is answered in Japanese on every engine and cites Japanese sites and the brands’ own', async () => {
    const { answers, allowed } = await answersOf('ソニー', 'スマートフォン', 'Japan', 'ja')
    expect(new Set(answers.map((a) => a.provider)).size).toBe(9)
    for (const a of answers) {
      const latinWords = a.prose.toLowerCase().match(/[a-z]{2,}/g) ?? []
      // Japanese prose: kana in every answer and no English function words (the only Latin left is a URL-free "vs").
      expect(a.prose, a.provider).toMatch(/[\p{scx=Hira}]/u)
      expect(latinWords.filter((w) => eng.includes(w)), `${a.provider}: ${a.text}`).toEqual([])
      expect(foreignCitations(a.urls, allowed), a.provider).toEqual([])
      expect(a.urls.join(' ')).not.toMatch(/en\.wikipedia|theguardian|which\.co\.uk|techradar|gsmarena/)
    }
    expect(answers.flatMap((a) => a.urls).join(' ')).toMatch(/kakaku\.com|itmedia\.co\.jp|impress\.co\.jp|my-best\.com/)
  })
})

describe('markets in Korean, Chinese, Russian, Turkish, Arabic and Hindi', () => {
  it('cite their own sites, on their own hosts, none of them the English catalogue’s', async () => {
    const { citedSites, siteOf } = await import('./sites')
    const english = /wikipedia\.org$|theguardian|which\.co\.uk|techradar|gsmarena|forbes|g2\.com/
    for (const language of ['ko', 'zh-CN', 'zh-TW', 'ru', 'tr', 'ar', 'hi']) {
      const domains = localDomains(language)
      expect(domains.length, language).toBeGreaterThanOrEqual(8)
      for (const d of domains) {
        if (d === 'wikipedia.org') continue
        expect(d, language).not.toMatch(english)
        expect(siteOf(d, language).host.endsWith(d), `${language} ${d}`).toBe(true)
      }
      for (const m of MARKETS) expect(citedSites(language, m).every((d) => domains.includes(d)), `${language} ${m.key}`).toBe(true)
    }
    // Wikipedia is searched in the language's own edition.
    expect(siteOf('wikipedia.org', 'ko').host).toBe('ko.wikipedia.org')
    expect(siteOf('baidu.com', 'zh-CN').host).toBe('baike.baidu.com')
  })

  it('a Korean project is answered with Korean sites and the brands’ own only', async () => {
    const { answers, allowed } = await answersOf('삼성전자', '스마트폰', 'South Korea', 'ko')
    for (const a of answers) expect(foreignCitations(a.urls, allowed), a.provider).toEqual([])
    expect(answers.flatMap((a) => a.urls).join(' ')).toMatch(/danawa\.com|clien\.net|zdnet\.co\.kr|ppomppu\.co\.kr|naver\.com/)
  })
})
