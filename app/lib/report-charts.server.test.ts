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
