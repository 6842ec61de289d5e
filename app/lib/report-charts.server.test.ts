import { reportCharts } from './report-charts.server'

describe('report charts drawn by recharts on the server', () => {
  it('gives SVG with one bar per brand in the screens colours, and leaves no window or document behind', () => {
    const charts = reportCharts({
      lang: 'de',
      brands: [{ name: 'Miele', isOwn: true, share: 40 }, { name: 'Bosch', isOwn: false, share: 35 }, { name: 'AEG', isOwn: false, share: 25 }],
      rankByEngine: [{ modelId: 3, own: 1.5, rival: 2 }],
      rivalName: 'Bosch',
      trend: [{ date: '2025-05-01', share: 30, low: 20, high: 41 }, { date: '2025-05-20', share: 40, low: 31, high: 50 }],
      sentiment: null,
      sources: [{ domain: 'test.de', citations: 3, type: 'Earned' }],
    })
    expect(charts.map((c) => [c.key, c.title])).toEqual([
      ['share', 'Anteil der Erwähnungen'],
      ['rank', 'Durchschnittlicher Rang je KI-Modell (niedriger ist besser)'],
      ['trend', 'Erwähnungsanteil im Zeitverlauf, mit 95-%-Band'],
      ['sources', 'Meistzitierte Domains'],
    ])
    const share = charts[0].svg
    expect(share).toContain('<svg')
    // Three bars: the own brand red (#d92d20), then the competitor palette's first two colours.
    const fills = [...share.matchAll(/<path [^>]*class="recharts-rectangle"[^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1])
    expect(fills).toEqual(['#d92d20', '#2563eb', '#16a34a'])
    expect(share).toContain('Miele')
    expect(charts[2].svg).toContain('recharts-area')
    expect(typeof (globalThis as any).document).toBe('undefined')
    expect(typeof (globalThis as any).window).toBe('undefined')
  })
})

describe("an experiment's chart", () => {
  it('draws treated and control before and after in the panel colours, with the caption beneath', async () => {
    const { experimentChart } = await import('./report-charts.server')
    const n = { treatedQueries: 2, controlQueries: 2, daysBefore: 10, daysAfter: 6, answers: 128 }
    const c = experimentChart({ description: 'Comparison page', changeDate: '2026-03-11', treated: { before: 50, after: 100 }, control: { before: 50, after: 50 }, visibility: { metric: 'visibility', effect: 50, low: 50, high: 50, n }, enough: true }, 'en')
    expect(c.title).toBe('Change of 2026-03-11: Comparison page')
    const fills = [...c.svg.matchAll(/<path [^>]*class="recharts-rectangle"[^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1])
    // Treated red (own brand), control the palette's first colour: Before then After per series.
    expect(fills).toEqual(['#d92d20', '#d92d20', '#2563eb', '#2563eb'])
    expect(c.caption?.[1]).toBe('Estimated effect on visibility: +50 points (95 % interval 50 to 50).')
  })
})
