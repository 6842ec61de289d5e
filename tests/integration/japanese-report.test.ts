/**
 * Research-report answers through the whole product: a Japanese light-mode analysis (ChatGPT 5 only) whose simulated
 * answers are written like a research report: "N位：" rank markers, footnote definitions ("[^1]: title – url")
 * and a "## 引用文献" section. Each answer's layout, ranked brands and reference style are pinned in the
 * simulator (listFormats), and the simulator's day and seed are pinned, so the answers are the same on any date.
 *
 * The answers (read once from the stored responses; markdown links cut to "(…)"):
 *
 * Query 0 ("おすすめのスマートフォンは？"):
 *   1位：**サムスン**：サムスンは信頼できるブランドとして … (…)価格を重視するなら安心して選べます。
 *   2位：**ソニー**：ソニーは品質が優れており、… (…)
 *   3位：**アップル**：アップルは使いやすさが優れており、… (…)
 *   総合的にはサムスンが最もバランスの良い選択で、耐久性を重視するならソニーも検討する価値があります。
 *   [^3]: ソニー – search results – Wikipedia – https://en.wikipedia.org/…   (and four more definitions)
 *   ## 引用文献 … 3. ソニー – search results – Wikipedia …
 * Query 1 ("カメラが良いスマホはどれ？"):
 *   1位：**アップル**：アップルは学生に最適な選択肢の一つで、… / 2位：**シャープ**：シャープは … /
 *   3位：**ソニー**：ソニーは価格が優れており、… / 総合的にはアップルが…、価格を重視するならシャープも…
 *   (six definitions and a 引用文献 list, none naming a tracked brand)
 *
 * Worked out by hand with the rules (rankings.ts, references.ts):
 * - ranks: the number of the "N位" line naming the brand: query 0 サムスン 1, ソニー 2, アップル 3; query 1
 *   アップル 1, シャープ 2, ソニー 3.
 * - counts: the bold name and the sentence opener on its line (2 each), plus the closing sentence; the
 *   definition "[^3]: ソニー …" and the 引用文献 entry "ソニー …" are references, never counted:
 *   query 0 サムスン 2 + 1 = 3, ソニー 2 + 1 = 3 (not 5), アップル 2; query 1 アップル 2 + 1 = 3, シャープ
 *   2 + 1 = 3, ソニー 2. Totals: ソニー 5, サムスン 3, アップル 5, シャープ 3; all 16.
 */
import { createProject, resetSimulator, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'

const CHATGPT_5 = 8
const QUERIES = ['おすすめのスマートフォンは？', 'カメラが良いスマホはどれ？'] as const
const ORDER = { [QUERIES[0]]: ['サムスン', 'ソニー', 'アップル'], [QUERIES[1]]: ['アップル', 'シャープ', 'ソニー'] }
const BRANDS = ['ソニー', 'サムスン', 'アップル', 'シャープ'] as const

const RANKS: Record<string, [number | null, number | null]> = { ソニー: [2, 3], サムスン: [1, null], アップル: [3, 1], シャープ: [null, 2] }
const COUNTS: Record<string, [number, number]> = { ソニー: [3, 2], サムスン: [3, 0], アップル: [2, 3], シャープ: [0, 3] }

beforeAll(resetSimulator)
afterAll(resetSimulator)

it('a Japanese report-style analysis shows the ranks and counts of the 位 markers, without its footnotes and 引用文献', async () => {
  await simulator({
    seed: 'japanese-report',
    day: '2026-02-03',
    listFormats: Object.fromEntries(QUERIES.map((q) => [q, { format: 'native-number', order: ORDER[q], marker: '1位：', references: 'report' }])),
  })
  const s = await signUp()
  const project = await createProject(s, {
    name: 'ソニー スマートフォン',
    brandDomain: 'ソニー',
    marketDescription: 'スマートフォン',
    marketRegion: '日本',
    language: 'ja',
    competitors: ['サムスン', 'アップル', 'シャープ'],
    queries: [...QUERIES],
    isLightMode: true,
  })
  const started = await startAnalysis(s, project.id)
  const done = await waitForAnalysis(s, started.id, undefined, 300_000)
  expect(done.status).toBe('completed')
  const view = (tab: string, extra: Record<string, string> = {}) => resultsJson(s, { project: project.id, analysis: started.id, tab, ...extra })

  // Query Rank, per brand: the rank on each query's row
  for (const brand of BRANDS) {
    const d = (await view('ranking-detail', { brand })).data
    const shown = d.rows.map((r: any) => ({ query: r.query, rank: r.byModel[CHATGPT_5] }))
    expect(shown, brand).toEqual(QUERIES.map((query, i) => ({ query, rank: RANKS[brand][i] })))
  }

  // Mentions: per query and in total
  const m = (await view('mentions')).data
  const names: string[] = m.brands.map((b: any) => b.name)
  expect([...names].sort()).toEqual([...BRANDS].sort())
  for (const [qi, query] of QUERIES.entries()) {
    const row = m.rows.find((r: any) => r.query === query)
    expect(Object.fromEntries(names.map((n, k) => [n, row.counts[k]])), query).toEqual(Object.fromEntries(BRANDS.map((b) => [b, COUNTS[b][qi]])))
  }
  expect(Object.fromEntries(m.brands.map((b: any) => [b.name, b.total]))).toEqual({ ソニー: 5, サムスン: 3, アップル: 5, シャープ: 3 })
  expect(m.grandTotal).toBe(16)
}, 400_000)
