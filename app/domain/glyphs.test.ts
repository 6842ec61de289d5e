import { withoutEmoji } from './glyphs'

describe('withoutEmoji (no heading depends on an emoji font)', () => {
  it('drops emoji, emoji sequences and variation selectors, and keeps the words', () => {
    expect(withoutEmoji('🏆 Top picks')).toBe('Top picks')
    expect(withoutEmoji('🥇 1. Hoka – soft')).toBe('1. Hoka – soft')
    expect(withoutEmoji('✅ First choice — Brooks')).toBe('First choice — Brooks')
    expect(withoutEmoji('⭐ Best value ❤️')).toBe('Best value ')
    expect(withoutEmoji('Runners 🏃🏽‍♀️ love it 👍🏻')).toBe('Runners love it ')
    expect(withoutEmoji('🇩🇪 Germany')).toBe('Germany')
  })
  it('keeps a keycap digit and the symbols ordinary fonts have', () => {
    expect(withoutEmoji('1️⃣ Nike')).toBe('1 Nike')
    expect(withoutEmoji('Nike® and Apple™ © 2026 ✓ → ☰')).toBe('Nike® and Apple™ © 2026 ✓ → ☰')
  })
})
