/**
 * Demo mode looks like the market the user typed: real brands with their real
 * domains for catalogued markets, questions built for the kind of market, varied answers that
 * name the project's current competitors plus brands it does not track, citations of pages that
 * exist, and illustrative names that say so elsewhere. Day and seed are pinned.
 */
import { createGateway, simulatorConfigs, LLM_PROVIDER_KEYS } from '../activities/gateway'
import { CATALOGUE } from './catalogue'
import { buildFramework } from './framework'
import { findMarket, MARKETS, SITES } from './knowledge'
import { startSimulator, type SimulatorHandle } from './server'
import { simControl } from './testing'

const DAY = '2026-03-02'
const notion = () => buildFramework({ brand: 'Notion', market: 'note-taking and team wiki software', region: 'UK', language: 'en-GB', maxCompetitors: 19, maxQueries: 40 }, 'catalogue-test', '2026')

describe('the catalogue', () => {
  it('has at least 40 markets of real brands with real-looking main domains', () => {
    expect(MARKETS.length).toBeGreaterThanOrEqual(40)
    expect(new Set(MARKETS.map((m) => m.key)).size).toBe(MARKETS.length)
    for (const m of MARKETS) {
      expect(m.brands.length, m.key).toBeGreaterThanOrEqual(12)
      expect(['software', 'goods', 'service']).toContain(m.kind)
      for (const b of m.brands) {
        expect(b.domains.length, b.name).toBeGreaterThan(0)
        for (const d of b.domains) expect(d, b.name).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
        expect(b.domains.some((d) => d.endsWith('.example'))).toBe(false)
      }
      // Every cited site has a display name, not just its domain.
      for (const s of m.sites) expect(SITES[s].name, s).not.toBe(s)
    }
    expect(CATALOGUE.filter((m) => m.kind === 'software').length).toBeGreaterThanOrEqual(10)
    expect(CATALOGUE.filter((m) => m.kind === 'goods').length).toBeGreaterThanOrEqual(8)
    expect(CATALOGUE.filter((m) => m.kind === 'service').length).toBeGreaterThanOrEqual(8)
  })

  it.each([
    ['note-taking and team wiki software', 'notes-wiki-software'],
    ['Email marketing and newsletter software', 'email-marketing-software'],
    ['Cloud accounting software for small businesses', 'accounting-software'],
    ['VPN services', 'vpn-services'],
    ['Cordless vacuum cleaners', 'vacuum-cleaners'],
    ['UK energy suppliers', 'energy-suppliers'],
    ['Fibre broadband providers', 'broadband-providers'],
    ['Noise-cancelling headphones and earbuds', 'headphones'],
    ['Budget hotel chains', 'hotel-chains'],
    ['Meal kit and recipe box subscriptions', 'meal-kits'],
  ])('matches %j to its market', (text, key) => {
    expect(findMarket(text)?.key).toBe(key)
  })
})

describe('the framework in demo mode', () => {
  it('proposes the real competitors of a catalogued market with their domains, never invented names', () => {
    const fw = notion()
    const byName = new Map(fw.result.competitors.map((c) => [c.name, c.domains]))
    for (const name of ['Confluence', 'Obsidian', 'Evernote', 'Coda', 'Microsoft OneNote', 'Slab', 'Guru']) expect(byName.has(name), name).toBe(true)
    expect(byName.get('Confluence')).toEqual(['atlassian.com'])
    expect(byName.get('Obsidian')).toEqual(['obsidian.md'])
    expect(byName.has('Notion')).toBe(false)
    expect(fw.result.brandDomains).toEqual(['notion.com', 'notion.so'])
    expect(fw.result.competitors).toHaveLength(19)
    expect(fw.result.competitors.every((c) => !/\b(Hub|Labs|Group|Nest|Point|Works)$/.test(c.name))).toBe(true)
  })

  it('asks business-software questions for a software market: team sizes, enterprise comparisons, alternatives', () => {
    const queries = notion().result.queries
    expect(queries).toHaveLength(40)
    expect(queries.some((q) => /\b\d[\d,]*-person (team|company)\b/.test(q))).toBe(true)
    expect(queries.some((q) => / vs .+ for enterprise$/.test(q))).toBe(true)
    expect(queries.some((q) => /^alternatives to /.test(q))).toBe(true)
    // None of the consumer-goods phrasing the issue found.
    for (const q of queries) expect(q).not.toMatch(/where to buy|for families|customer reviews for delivery/)
  })

  it('asks buying, price and review questions for consumer goods, and value and service questions for services', () => {
    const goods = buildFramework({ brand: 'Dyson', market: 'vacuum cleaners', region: 'UK', language: 'en-GB', maxCompetitors: 10, maxQueries: 40 }, 'catalogue-test', '2026').result.queries
    expect(goods.some((q) => /where to buy|worth the money|best value|affordable/.test(q))).toBe(true)
    expect(goods.some((q) => /reviews/.test(q))).toBe(true)
    expect(goods.some((q) => /person team|enterprise/.test(q))).toBe(false)
    const service = buildFramework({ brand: 'Octopus Energy', market: 'energy suppliers', region: 'UK', language: 'en-GB', maxCompetitors: 10, maxQueries: 40 }, 'catalogue-test', '2026').result.queries
    expect(service.some((q) => /customer service/.test(q))).toBe(true)
    expect(service.some((q) => /switching from/.test(q))).toBe(true)
    const b2b = buildFramework({ brand: 'Brew Co', market: 'office coffee supply', region: 'UK', language: 'en-GB', marketType: 'B2B', maxCompetitors: 5, maxQueries: 20 }, 'catalogue-test', '2026').result.queries
    expect(b2b.some((q) => /business|compan/.test(q))).toBe(true)
  })

  it('proposes only the catalogue brands of a small catalogued market, never padding it with invented names', () => {
    // "cordless vacuum cleaners" once came back with Blueify, Kin Group and Zen Hub under .example.
    const fw = buildFramework({ brand: 'Shark', market: 'cordless vacuum cleaners', region: 'UK', language: 'en-GB', maxCompetitors: 19, maxQueries: 20 }, 'catalogue-test', '2026')
    const market = findMarket('cordless vacuum cleaners')!
    expect(fw.market?.key).toBe('vacuum-cleaners')
    const real = new Map(market.brands.map((b) => [b.name, b.domains]))
    const names = fw.result.competitors.map((c) => c.name)
    expect(names.length).toBe(market.brands.length - 1)
    expect(names.length).toBeLessThan(19)
    expect(names).not.toContain('Shark')
    for (const c of fw.result.competitors) {
      expect(real.get(c.name), c.name).toEqual(c.domains)
      expect(c.domains.some((d) => d.endsWith('.example')), c.name).toBe(false)
    }
    expect(names).toContain('Dyson')
  })

  it.each(MARKETS.map((m) => [m.key, m] as const))('%s: the framework names only that market\'s catalogue brands', (_key, market) => {
    // A brand the catalogue does not know, typed into the market's own label: every catalogue brand is a candidate.
    const fw = buildFramework({ brand: 'Zyxw Newco', market: market.label, region: 'UK', language: 'en-GB', maxCompetitors: 19, maxQueries: 5 }, 'catalogue-test', '2026')
    expect(fw.market?.key).toBe(market.key)
    const real = new Set(market.brands.map((b) => b.name))
    expect(fw.result.competitors.length).toBe(Math.min(19, market.brands.length))
    for (const c of fw.result.competitors) expect(real.has(c.name), c.name).toBe(true)
  })

  it('falls back to illustrative names under .example for a market it does not know', () => {
    const fw = buildFramework({ brand: 'Acme Charters', market: 'luxury yacht charters', language: 'en-GB', maxCompetitors: 6, maxQueries: 6 }, 'catalogue-test', '2026')
    expect(fw.market).toBeUndefined()
    expect(fw.result.competitors).toHaveLength(6)
    expect(fw.result.competitors.every((c) => c.domains.every((d) => d.endsWith('.example')))).toBe(true)
  })
})

describe('simulated answers in demo mode', () => {
  let sim: SimulatorHandle
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 'catalogue-test', day: DAY })
  })
  afterAll(async () => {
    await sim.close()
  })

  const teach = (body: unknown) => fetch(`${sim.url}/__sim/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it("name the project's current competitors after the user's edits, plus brands it does not track", async () => {
    const fw = notion()
    // The user kept Confluence and Coda, and added Slite and an unknown rival by hand.
    const competitors = [
      { name: 'Confluence', alternativeNames: [], domains: ['atlassian.com'] },
      { name: 'Coda', alternativeNames: [], domains: ['coda.io'] },
      { name: 'Slite', alternativeNames: [], domains: ['slite.com'] },
      { name: 'Wikisphere', alternativeNames: [], domains: [] },
    ]
    const queries = fw.result.queries.slice(0, 10)
    const res = await teach({ brand: { name: 'Notion', alternativeNames: [], domains: ['notion.com'] }, market: 'note-taking and team wiki software', region: 'UK', language: 'en-GB', marketType: 'B2B', competitors, queries })
    expect(res.status).toBe(200)
    await simControl(sim.url, '/__sim/config', { brandRate: 1 })
    const gw = createGateway(simulatorConfigs(sim.url))
    const texts: string[] = []
    for (const q of queries) for (const p of ['openai', 'perplexity'] as const) texts.push((await gw.ask(p, { prompt: q })).text)
    const all = texts.join('\n')
    for (const c of ['Notion', 'Confluence', 'Coda', 'Slite', 'Wikisphere']) expect(all, c).toContain(c)
    // Untracked catalogue brands appear too, never more than two per answer.
    const untracked = ['Microsoft OneNote', 'Evernote', 'Obsidian', 'Google Keep', 'Slab', 'Guru', 'Nuclino', 'Tettra', 'GitBook']
    expect(untracked.filter((u) => all.includes(u)).length).toBeGreaterThan(0)
    for (const t of texts) expect(untracked.filter((u) => t.split('\n\nSources:')[0].includes(u)).length).toBeLessThanOrEqual(2)
    await simControl(sim.url, '/__sim/reset', { forget: true })
  })

  it('vary their openings and phrasing, and cite only pages that exist', async () => {
    const fw = notion()
    const res = await teach({ brand: 'Notion', market: 'note-taking and team wiki software', region: 'UK', competitors: fw.result.competitors.slice(0, 8), queries: fw.result.queries })
    expect(res.status).toBe(200)
    const gw = createGateway(simulatorConfigs(sim.url))
    const openings = new Set<string>()
    let answers = 0
    for (const q of fw.result.queries) {
      for (const p of LLM_PROVIDER_KEYS) {
        const a = await gw.ask(p, { prompt: q })
        answers++
        // The opening sentence after any vendor preamble.
        const body = a.text.replace(/^Let me search[^\n]*\n+/, '')
        openings.add(body.split(/(?<=[.!?:])\s|\n/)[0].replace(/\[\d+\]/g, ''))
        expect(a.text).not.toMatch(/at a fair price|excellent price/)
        for (const s of a.sources) {
          const u = new URL(s.url)
          // A home page, a subreddit, or a site's own search: never a made-up article path.
          const ok = u.pathname === '/' || /^\/r\/\w+\/(search\/)?$/.test(u.pathname) || /^\/(search|wiki\/Special:Search)$/.test(u.pathname)
          expect(ok, s.url).toBe(true)
        }
      }
    }
    expect(answers).toBe(240)
    expect(openings.size).toBeGreaterThan(150)
    await simControl(sim.url, '/__sim/reset', { forget: true })
  })

  it('say when the names are illustrative (a market the simulator does not know)', async () => {
    const fw = buildFramework({ brand: 'Acme Charters', market: 'luxury yacht charters', language: 'en-GB', maxCompetitors: 6, maxQueries: 6 }, 'catalogue-test', '2026')
    const res = await teach({ brand: 'Acme Charters', market: 'luxury yacht charters', competitors: fw.result.competitors, queries: ['best luxury yacht charters in the Mediterranean'] })
    expect(res.status).toBe(200)
    const gw = createGateway(simulatorConfigs(sim.url))
    const text = (await gw.ask('deepseek', { prompt: 'best luxury yacht charters in the Mediterranean' })).text
    expect(text).toContain('illustrative')
    const bad = await teach({ market: '' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { details: string[] }).details).toHaveLength(2)
    await simControl(sim.url, '/__sim/reset', { forget: true })
  })
})

describe('demo latency', () => {
  it('is 0.5 to 3 s per call, per provider, when started for demo mode, and off for tests', async () => {
    const demo = await startSimulator({ port: 0, demoLatency: true })
    try {
      const cfg = (await simControl(demo.url, '/__sim/config', {})) as { providers: Record<string, { latencyMs: number; latencyMaxMs?: number }> }
      for (const p of LLM_PROVIDER_KEYS) {
        expect(cfg.providers[p].latencyMs).toBeGreaterThanOrEqual(500)
        expect(cfg.providers[p].latencyMaxMs).toBeLessThanOrEqual(3000)
        expect(cfg.providers[p].latencyMaxMs).toBeGreaterThan(cfg.providers[p].latencyMs)
      }
      // A test's fixed setting replaces the range.
      const fast = (await simControl(demo.url, '/__sim/config', { providers: { openai: { latencyMs: 0 } } })) as { providers: Record<string, { latencyMs: number; latencyMaxMs?: number }> }
      expect(fast.providers.openai).toMatchObject({ latencyMs: 0 })
      expect(fast.providers.openai.latencyMaxMs).toBeUndefined()
    } finally {
      await demo.close()
    }
    const plain = await startSimulator({ port: 0 })
    try {
      const cfg = (await simControl(plain.url, '/__sim/config', {})) as { providers: Record<string, { latencyMs: number }> }
      for (const p of LLM_PROVIDER_KEYS) expect(cfg.providers[p].latencyMs).toBe(0)
    } finally {
      await plain.close()
    }
  })
})
