/** Every band colour of the results screens reaches WCAG 2.1 AA: 4.5:1 for text, 3:1 for chart marks on white. */
import { COMPETITOR_PALETTE, HEAT_BRACKET_COLOURS, HEATMAP_COLOURS, heatmapStyle, heatStyle, OWN_BRAND_COLOUR, PERCENT_COLOURS, RANK_COLOURS, SCATTER_COLOURS, SENTIMENT_COLOURS } from './format'

// WCAG 2.1 relative luminance and contrast ratio, written out from the definition (1.4.3).
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}
const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex)
const onWhite = (c: string) => (c === 'transparent' ? '#ffffff' : c)

describe('results colours reach WCAG 2.1 AA', () => {
  it('checks the contrast formula on known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('gives every rank and percentage band text of 4.5:1 on its background', () => {
    for (const { bg, fg } of [...Object.values(RANK_COLOURS), ...Object.values(PERCENT_COLOURS)]) expect(contrast(fg, onWhite(bg))).toBeGreaterThanOrEqual(4.5)
  })

  it('gives every heatmap level and heat bracket text of 4.5:1', () => {
    expect(HEATMAP_COLOURS).toHaveLength(12)
    // One share per level 0..11 (thresholds 5, 10, 15, 20, 25, 30, 40, 50, 60, 70) and the empty cell.
    for (const share of [null, 0, 1, 5, 10, 15, 20, 25, 30, 40, 50, 60, 70]) {
      const s = heatmapStyle(share)
      expect(contrast(full(s.color), s.background)).toBeGreaterThanOrEqual(4.5)
    }
    for (const count of [1, 5, 10, 15, 20]) {
      const s = heatStyle(count)
      expect(contrast(full(s.color), s.background)).toBeGreaterThanOrEqual(4.5)
    }
    expect(HEAT_BRACKET_COLOURS).toHaveLength(6)
  })

  it('draws chart marks at 3:1 on white, the own brand red included', () => {
    for (const c of [OWN_BRAND_COLOUR, ...COMPETITOR_PALETTE, ...Object.values(SCATTER_COLOURS), ...Object.values(SENTIMENT_COLOURS)]) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(3)
  })

  it('writes sentiment in colours of 4.5:1 on white (card headings and figures use them as text)', () => {
    for (const c of Object.values(SENTIMENT_COLOURS)) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })
})
