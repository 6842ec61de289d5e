import { brandColours, formatDate, formatDateTime, formatRank, heatmapStyle, HEATMAP_COLOURS, OWN_BRAND_COLOUR, rankStyle, slug, COMPETITOR_PALETTE } from './format'

describe('results formatting', () => {
  it('writes dates en-GB as dd/mm/yy', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/25')
    expect(formatDate('2025-12-31T23:59:00.000Z')).toBe('31/12/25')
    expect(formatDateTime('2025-03-07T09:05:00.000Z')).toBe('07/03/25 09:05 UTC')
  })

  it('colours the own brand red and competitors from the 6-colour palette', () => {
    const c = brandColours([{ isOwn: false }, { isOwn: true }, ...Array.from({ length: 7 }, () => ({ isOwn: false }))])
    expect(c[1]).toBe(OWN_BRAND_COLOUR)
    expect(OWN_BRAND_COLOUR).toBe('#d92d20')
    expect(COMPETITOR_PALETTE).toHaveLength(6)
    expect(c[0]).toBe(COMPETITOR_PALETTE[0])
    expect(c[7]).toBe(COMPETITOR_PALETTE[0]) // the 7th competitor wraps round
  })

  it('shows ranks with the rank-band colours and N/A for none', () => {
    expect(formatRank(null)).toBe('N/A')
    expect(formatRank(0)).toBe('N/A')
    expect(formatRank(2)).toBe('2')
    expect(formatRank(3.25)).toBe('3.3')
    expect(rankStyle(3).background).toBe('#dcfce7')
    expect(rankStyle(4).background).toBe('#fef9c3')
    expect(rankStyle(7).background).toBe('#fee2e2')
    expect(rankStyle(null).background).toBe('#f3f4f6')
  })

  it('maps heatmap shares to one colour per share threshold', () => {
    expect(heatmapStyle(0).background).toBe(HEATMAP_COLOURS[0])
    expect(heatmapStyle(4.9).background).toBe(HEATMAP_COLOURS[1])
    expect(heatmapStyle(5).background).toBe(HEATMAP_COLOURS[2])
    expect(heatmapStyle(70).background).toBe(HEATMAP_COLOURS[11])
    expect(new Set(HEATMAP_COLOURS).size).toBe(12)
  })

  it('makes safe file-name parts', () => {
    expect(slug('Running Shoes (UK) — Été')).toBe('running-shoes-uk-ete')
    expect(slug('<img src=x>')).toBe('img-src-x')
    expect(slug('***')).toBe('export')
  })
})
