/**
 * Ranked-list layouts through the whole product: a light-mode analysis (ChatGPT 5 only) whose simulated
 * answers use every ranked-list layout real assistants write, each answer's layout and ranked
 * brands pinned in the simulator (listFormats). Query Rank must show the ranks the rules give,
 * worked out below from the layouts by hand:
 * - the rank is the number (or ordinal, keycap, medal, table row) of the item that names the brand;
 * - under a numbered header ("1. Best for …") the first brand named beneath takes its rank; a
 *   brand also named beneath ("Also worth a look: X") keeps the rank of its own item;
 * - ordinals in prose ("First, Nike …") are not ranks.
 */
import { createProject, resetSimulator, signUp, simulator, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'

const CHATGPT_5 = 8

/** query -> layout, the brands the answer ranks in its order, and the ranks Query Rank must show. */
const CASES = [
  { query: 'best running shoes for flat feet', format: 'numbered', order: ['Nike', 'Brooks', 'Hoka'], ranks: { Nike: 1, Brooks: 2, Hoka: 3 } },
  { query: 'best running shoes for beginners', format: 'medal', order: ['Brooks', 'ASICS', 'Nike'], ranks: { Brooks: 1, ASICS: 2, Nike: 3 } },
  { query: 'best running shoes for marathon training', format: 'choice', order: ['Hoka', 'Nike', 'Brooks', 'Saucony'], ranks: { Hoka: 1, Nike: 2, Brooks: 3, Saucony: 4 } },
  { query: 'best running shoes for wide feet', format: 'star', order: ['ASICS', 'Saucony'], ranks: { ASICS: 1, Saucony: 2 } },
  { query: 'best running shoes for knee pain', format: 'pointing', order: ['Saucony', 'Brooks'], ranks: { Saucony: 1, Brooks: 2 } },
  { query: 'best running shoes for heavy runners', format: 'keycap', order: ['Nike', 'Hoka', 'ASICS', 'Saucony', 'Brooks'], ranks: { Nike: 1, Hoka: 2, ASICS: 3, Saucony: 4, Brooks: 5 } },
  { query: 'best running shoes for trail running', format: 'hash', order: ['Brooks', 'Hoka'], ranks: { Brooks: 1, Hoka: 2 } },
  { query: 'best running shoes for overpronation', format: 'number-prefix', order: ['Hoka', 'Brooks'], ranks: { Hoka: 1, Brooks: 2 } },
  // "First up is ASICS." / "### Second pick – Brooks" / "**Third best: Nike**"
  { query: 'best running shoes for high arches', format: 'ordinal-heading', order: ['ASICS', 'Brooks', 'Nike'], ranks: { ASICS: 1, Brooks: 2, Nike: 3 } },
  // "1. Best for …" over "- **Nike** – …" and "- Also worth a look: Brooks." (Brooks keeps 3, its own header's rank)
  { query: 'best running shoes for plantar fasciitis', format: 'header-beneath', order: ['Nike', 'Hoka', 'Brooks', 'ASICS'], ranks: { Nike: 1, Hoka: 2, Brooks: 3, ASICS: 4 } },
  { query: 'best running shoes for long distance running', format: 'rank-table', order: ['Saucony', 'Nike', 'Hoka'], ranks: { Saucony: 1, Nike: 2, Hoka: 3 } },
  { query: 'best running shoes for daily training', format: 'ranked-table', order: ['Brooks', 'Saucony', 'ASICS'], ranks: { Brooks: 1, Saucony: 2, ASICS: 3 } },
  // "First, Nike …  In second place, Brooks …": prose, no ranks
  { query: 'which running shoes last longest', format: 'prose', order: ['Nike', 'Brooks'], ranks: {} },
] as const

const BRANDS = ['Brooks', 'Nike', 'ASICS', 'Hoka', 'Saucony'] as const

beforeAll(async () => {
  await resetSimulator()
})
afterAll(async () => {
  await resetSimulator()
})

it('Query Rank shows the ranks of every list layout, per query and brand', async () => {
  await simulator({ seed: 'rank-formats', day: '2026-02-02', listFormats: Object.fromEntries(CASES.map((c) => [c.query, { format: c.format, order: c.order }])) })
  const s = await signUp()
  const project = await createProject(s, { brandDomain: 'Brooks', competitors: ['Nike', 'ASICS', 'Hoka', 'Saucony'], queries: CASES.map((c) => c.query), isLightMode: true })
  const started = await startAnalysis(s, project.id)
  const done = await waitForAnalysis(s, started.id)
  expect(done.status).toBe('completed')

  for (const brand of BRANDS) {
    const d = (await resultsJson(s, { project: project.id, analysis: started.id, tab: 'ranking-detail', brand })).data
    expect(d.brand).toBe(brand)
    const shown = d.rows.map((r: any) => ({ query: r.query, rank: r.byModel[CHATGPT_5], combined: r.combined }))
    const want = CASES.map((c) => {
      const rank = (c.ranks as Record<string, number>)[brand] ?? null
      return { query: c.query, rank, combined: rank }
    })
    expect(shown, brand).toEqual(want)
  }
})
