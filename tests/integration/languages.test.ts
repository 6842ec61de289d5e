/**
 * A project in another content language, run end to end in demo mode: the framework
 * is generated in Japanese, the simulator answers in Japanese with native brand names, and the
 * results screens show the mentions, ranks and sentiment worked out by hand below. The project uses
 * the setup code "ja" (app/domain/limits.ts SETUP_LANGUAGES) and a market described in Japanese.
 * The simulator's day and seed are pinned, so the answers are the same on any date; Light Mode (ChatGPT 5
 * only) keeps them to four, few enough to count by hand.
 *
 * The four answers (read once from the stored responses; links "([site](url))" and the source lists left out):
 *   Q0 "１．**Google Pixel**：Google Pixelは…" / "２．**サムスン**：サムスンは…" / "３．**ワンプラス**：ワンプラスは…" /
 *      "４．**アップル**：アップルは割高で、価格に問題があるという報告があります。" / "総合的にはGoogle Pixelが…サムスンも…"
 *      then "出典：" and "[1] 日本経済新聞 – https://…" definitions (no brand).
 *   Q1 "⭐ 1) Nothing – …" (not tracked), "⭐ 2) Google Pixel – Google Pixelは…", "3) アップル", "4) ソニー", "5) サムスン",
 *      "6) ワンプラス", "7) アップル" (again), "8) シャオミ", each "X – Xは…"; "総合的にはNothingが…Google Pixelも…";
 *      then "[^1]: …" definitions and a "## 引用文献" list (no tracked brand).
 *   Q2 "👉 **1. Google Pixel** – Google Pixelは…", 2. サムスン, 3. アップル, 4. ワンプラス, 5. ソニー, 6. シャオミ, each named
 *      twice; "総合的にはGoogle Pixelが…サムスンも…"; "出典：" with "[4] ワンプラス – Wikipedia – https://…" (a definition).
 *   Q3 prose, one sentence per brand: Nothing, Google Pixel, サムスン, シャオミ, ソニー, ワンプラス, アップル, モトローラ; then
 *      "総合的にはNothingが…Google Pixelも…".
 *
 * Worked out by hand with the rules (README "How we count"; reference definitions and 引用文献 are not counted):
 * - mentions per query: Q0 Google Pixel 2 + 1 = 3, サムスン 2 + 1 = 3, ワンプラス 2, アップル 2 (10); Q1 Google Pixel 2 + 1 = 3,
 *   アップル 2 + 2 = 4, ソニー 2, サムスン 2, ワンプラス 2, シャオミ 2 (15); Q2 Google Pixel 3, サムスン 3, アップル 2,
 *   ワンプラス 2, ソニー 2, シャオミ 2 (14); Q3 Google Pixel 2, the six others 1 each (8). Totals: Google Pixel 11,
 *   アップル 9, サムスン 9, ワンプラス 7, ソニー 5, シャオミ 5, モトローラ 1; all 47; every tracked brand is mentioned (7).
 * - ranks (the item whose line names the brand first): Q0 Google Pixel 1, サムスン 2, ワンプラス 3, アップル 4; Q1 Google
 *   Pixel 2, アップル 3, ソニー 4, サムスン 5, ワンプラス 6, シャオミ 8; Q2 Google Pixel 1, サムスン 2, アップル 3,
 *   ワンプラス 4, ソニー 5, シャオミ 6; Q3 none. Means, 1 decimal: Google Pixel 4/3 = 1.3, サムスン 9/3 = 3,
 *   アップル 10/3 = 3.3, ワンプラス 13/3 = 4.3, ソニー 9/2 = 4.5, シャオミ 14/2 = 7; モトローラ never ranked (6 ranked).
 *   Visibility: ChatGPT 5 is 1 of the six models -> 17 %.
 * - sentiment, per sentence naming the brand: sentences Google Pixel 2 + 2 + 2 + 2 = 8, サムスン 2 + 1 + 2 + 1 = 6,
 *   アップル 1 + 2 + 1 + 1 = 5, ワンプラス 4, ソニー 3, シャオミ 3, モトローラ 1. Every アップル sentence holds 割高, 問題 or
 *   不満 and no positive word ("…は割高で、…に問題があるという報告があります。", "…への不満が多く見られます。"): 100 %
 *   negative. Every シャオミ sentence is "シャオミは信頼できるブランドとして人気があり、…に定評があります。": 100 % positive.
 */
import { createProject, resetSimulator, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'
import { SETUP_LANGUAGES } from '../../app/domain/limits'

const JAPANESE = /[\p{scx=Hira}\p{scx=Kana}\p{sc=Han}]/u

afterAll(resetSimulator)

describe('a Japanese-language project in demo mode', () => {
  it('shows the hand-worked mentions, ranks and sentiment on the results screens', async () => {
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

    // The framework's first six brands and four queries, as the simulator writes them for this seed and day
    expect(competitors.slice(0, 6)).toEqual(['アップル', 'サムスン', 'Google Pixel', 'ワンプラス', 'シャオミ', 'モトローラ'])
    expect(queries.slice(0, 4)).toEqual(['コスパの良いスマートフォン（家族向け）', '予算を重視する人向けの信頼できるスマートフォンブランド', '価格が一番良いスマートフォンはどれ？', 'Google Pixelの代わりになるスマートフォンは？'])

    const project = await createProject(s, {
      name: 'ソニー スマートフォン',
      brandDomain: 'ソニー',
      marketDescription: 'スマートフォン',
      marketRegion: '日本',
      language: 'ja',
      competitors: competitors.slice(0, 6),
      queries: queries.slice(0, 4),
      isLightMode: true,
    })
    const started = await startAnalysis(s, project.id)
    const done = await waitForAnalysis(s, started.id, undefined, 400_000)
    expect(done.status).toBe('completed')

    const view = (tab: string, extra: Record<string, string> = {}) => resultsJson(s, { project: project.id, analysis: started.id, tab, ...extra })

    const overview = (await view('overview')).data
    expect(overview.summary).toMatchObject({ totalMentions: 47, brandsWithMentions: 7, brandsRanked: 6 })

    // Japanese brand names are found inside text with no spaces around them.
    const mentions = (await view('mentions')).data
    expect(Object.fromEntries(mentions.brands.map((b: any) => [b.name, b.total]))).toEqual({ ソニー: 5, アップル: 9, サムスン: 9, 'Google Pixel': 11, ワンプラス: 7, シャオミ: 5, モトローラ: 1 })
    expect(mentions.grandTotal).toBe(47)
    const perQuery = mentions.rows.map((r: any) => r.counts.reduce((a: number, b: number) => a + b, 0))
    expect(perQuery).toEqual([10, 15, 14, 8])

    // Own brand first, then best combined rank first; never ranked last
    const ranks = (await view('brand-rank')).data
    expect(ranks.rows.map((r: any) => [r.name, r.combined, r.visibility])).toEqual([
      ['ソニー', 4.5, 17],
      ['Google Pixel', 1.3, 17],
      ['サムスン', 3, 17],
      ['アップル', 3.3, 17],
      ['ワンプラス', 4.3, 17],
      ['シャオミ', 7, 17],
      ['モトローラ', null, 0],
    ])

    const sentiment = (await view('sentiment')).data
    expect(sentiment.sentimentUnavailable ?? null).toBeNull()
    expect(Object.fromEntries(sentiment.rows.map((r: any) => [r.name, r.mentions]))).toEqual({ ソニー: 3, アップル: 5, サムスン: 6, 'Google Pixel': 8, ワンプラス: 4, シャオミ: 3, モトローラ: 1 })
    const split = (name: string) => {
      const r = sentiment.rows.find((x: any) => x.name === name)
      return [r.positive, r.neutral, r.negative]
    }
    expect(split('アップル')).toEqual([0, 0, 100])
    expect(split('シャオミ')).toEqual([100, 0, 0])
  }, 450_000)
})
