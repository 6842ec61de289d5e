/**
 * A project in another content language, run end to end in demo mode (issue 17): the framework
 * is generated in Japanese, the simulator answers in Japanese with native brand names, and the
 * results screens show mentions, ranks and a sentiment split that are not zero. The project uses
 * the setup code "ja" (app/domain/limits.ts SETUP_LANGUAGES) and a market described in Japanese.
 * The simulator's day and seed are pinned, so the answers are the same on any date.
 */
import { createProject, resetSimulator, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'
import { SETUP_LANGUAGES } from '../../app/domain/limits'

const JAPANESE = /[\p{scx=Hira}\p{scx=Kana}\p{sc=Han}]/u

afterAll(resetSimulator)

describe('a Japanese-language project in demo mode', () => {
  it('shows non-zero mentions, ranks and a sentiment split on the results screens', async () => {
    await simulator({ day: '2026-03-02', seed: 'languages-ja' })
    expect(SETUP_LANGUAGES.map((l) => l.code)).toContain('ja')
    const s = await signUp()
    const fw = await s.json('/api/generate-framework', {
      method: 'POST',
      json: { name: 'ソニー', brandDomain: 'ソニー', marketDescription: 'スマートフォン', marketRegion: '日本', language: 'ja', isLightMode: true },
    })
    expect(fw.status).toBe(200)
    const competitors: string[] = fw.body.competitors
    const queries: string[] = fw.body.queries
    // The market's brands by their Japanese names, and queries written in Japanese.
    expect(competitors.some((c) => JAPANESE.test(c))).toBe(true)
    expect(queries.every((q) => JAPANESE.test(q))).toBe(true)

    const project = await createProject(s, {
      name: 'ソニー スマートフォン',
      brandDomain: 'ソニー',
      marketDescription: 'スマートフォン',
      marketRegion: '日本',
      language: 'ja',
      competitors: competitors.slice(0, 6),
      queries: queries.slice(0, 4),
    })
    const started = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, started.id, undefined, 400_000)
    expect(done.status).toBe('completed')

    const view = (tab: string, extra: Record<string, string> = {}) => resultsJson(s, { project: project.id, analysis: started.id, tab, ...extra })

    const overview = (await view('overview')).data
    expect(overview.summary.totalMentions).toBeGreaterThan(0)
    expect(overview.summary.brandsWithMentions).toBeGreaterThan(1)
    expect(overview.summary.brandsRanked).toBeGreaterThan(0)

    const mentions = (await view('mentions')).data
    expect(mentions.grandTotal).toBe(overview.summary.totalMentions)
    // Japanese brand names are found inside text with no spaces around them.
    const japaneseBrands = mentions.brands.filter((b: any) => JAPANESE.test(b.name))
    expect(japaneseBrands.length).toBeGreaterThan(0)
    expect(japaneseBrands.some((b: any) => b.total > 0)).toBe(true)

    const ranks = (await view('brand-rank')).data
    expect(JSON.stringify(ranks)).toMatch(/"combined":\d/)

    const sentiment = (await view('sentiment')).data
    expect(sentiment.sentimentUnavailable ?? null).toBeNull()
    const measured = sentiment.rows.filter((r: any) => r.mentions > 0)
    expect(measured.length).toBeGreaterThan(0)
    // A split, not a blanket "100 % neutral": some brand has positive or negative statements.
    expect(measured.some((r: any) => r.positive > 0 || r.negative > 0)).toBe(true)
  }, 450_000)
})
