import { describe, expect, it } from 'vitest'
import type { BrandDef } from './brands'
import { countAllMentions, countMentions, splitSentenceBounds, splitSentences, stripNonCountable } from './mentions'

const brand = (name: string, alternativeNames: string[] = [], extra: Partial<BrandDef> = {}): BrandDef => ({
  name,
  alternativeNames,
  domains: [],
  ...extra,
})

describe('stripNonCountable', () => {
  it('cuts everything after a plain "Sources:" heading', () => {
    const t = 'Nike is popular.\n\nSources:\n1. Nike official site\n2. Adidas blog'
    expect(stripNonCountable(t).trim()).toBe('Nike is popular.')
  })

  it.each([
    ['## References', 'Nike leads.\n## References\nNike, Adidas'],
    ['**Citations**', 'Nike leads.\n**Citations**\n- Nike press'],
    ['**Sources:**', 'Nike leads.\n**Sources:** Nike.com, Adidas'],
    ['References: inline list', 'Nike leads.\nReferences: Nike annual report'],
    ['### Sources and References', 'Nike leads.\n### Sources and References\nNike'],
    ['lower-case citations:', 'Nike leads.\ncitations:\nNike'],
  ])('recognises the heading %s', (_label, t) => {
    expect(stripNonCountable(t).trim()).toBe('Nike leads.')
  })

  it('does not treat prose starting with "References to" or "Sources say" as a heading', () => {
    const t = 'References to Nike are common.\nSources say Nike grew.'
    expect(stripNonCountable(t)).toBe(t)
  })

  it('removes URLs, www links and bracketed numbers but keeps sentence ends', () => {
    const t = 'See https://www.nike.com/running. Also www.adidas.com/shoes, and Nike[1][12] or Puma [1, 2].'
    const s = stripNonCountable(t)
    expect(s).not.toMatch(/https|www|nike\.com|adidas|\[/i)
    expect(s).toContain('See  .')
    expect(s).toContain('Nike  ')
    expect(s).toContain('Puma  .')
  })

  it('removes the URL inside a markdown link but keeps the link text', () => {
    expect(stripNonCountable('[Brooks guide](https://brooks.com/guide)')).toBe('[Brooks guide]( )')
  })
})

describe('countMentions', () => {
  it('counts occurrences, case-insensitively', () => {
    // "Nike", "NIKE", "nike" = 3 occurrences
    expect(countMentions('Nike makes shoes. NIKE is big; nike again.', brand('Nike'))).toBe(3)
  })

  it('matches whole words only: Apple is not inside Pineapple', () => {
    // "Pineapple" and "Applebee" are not Apple; "Apple's" and "(Apple)" are.
    expect(countMentions('Pineapple and Applebee. Apple\'s phone (Apple).', brand('Apple'))).toBe(2)
  })

  it('needs every word of a multi-word name', () => {
    // "Brooks" alone and "Running" alone do not count; the two full names do,
    // including one broken across a line.
    const t = 'Brooks Running is great. Brooks is a town. Running is fun. I like brooks\nrunning.'
    expect(countMentions(t, brand('Brooks Running'))).toBe(2)
  })

  it('ignores names of 2 characters or fewer', () => {
    expect(countMentions('HP and hp and LG', brand('HP'))).toBe(0)
    // the 2-char alternative "NB" is ignored, the main name still counts
    expect(countMentions('NB shoes. New Balance shoes.', brand('New Balance', ['NB']))).toBe(1)
  })

  it('counts alternative names for their brand', () => {
    // "Alphabet" (alt) + "Google" (name) + "alphabet" (alt) = 3
    expect(countMentions('Alphabet owns Google. alphabet stock.', brand('Google', ['Alphabet']))).toBe(3)
  })

  it('does not double count a name and an alternative matching at the same position', () => {
    // "Brooks Running" at 0 covers the alternative "Brooks" at 0 -> 1; the later lone "Brooks" -> 1. Total 2.
    expect(countMentions('Brooks Running shoes. Brooks is comfy.', brand('Brooks Running', ['Brooks']))).toBe(2)
    // alternative longer than the name: "Coca-Cola Company" contains name "Coca-Cola" -> counted once
    expect(countMentions('The Coca-Cola Company sells Coca-Cola.', brand('Coca-Cola', ['Coca-Cola Company']))).toBe(2)
  })

  it('ignores text after a sources heading, URLs, www links and [3]', () => {
    const t = 'Nike is great [3]. Visit https://nike.com/nike or www.nike.com.\n\nSources:\n[1] Nike report'
    expect(countMentions(t, brand('Nike'))).toBe(1)
  })

  it('treats regex characters in names literally', () => {
    expect(countMentions('Try A.B.C Corp and ABC Corp.', brand('A.B.C Corp'))).toBe(1)
    expect(countMentions('H&M and Zara. h&m!', brand('H&M'))).toBe(2)
  })

  it('handles accented letters as word characters', () => {
    expect(countMentions('Nestlé sells. Nestléa is not it.', brand('Nestlé'))).toBe(1)
  })
})

describe('countAllMentions', () => {
  it('is keyed by brand name and includes zeros', () => {
    const brands = [brand('Nike', [], { isOwn: true }), brand('Adidas'), brand('Puma')]
    expect(countAllMentions('Nike beats Adidas. Nike wins.', brands)).toEqual({ Nike: 2, Adidas: 1, Puma: 0 })
  })

  it('counts each brand independently (overlapping brand names both count)', () => {
    const brands = [brand('Apple'), brand('Apple Music')]
    expect(countAllMentions('Apple Music is by Apple.', brands)).toEqual({ Apple: 2, 'Apple Music': 1 })
  })
})

/** The sentence splitting as one regex over the text (what splitSentenceBounds did before it found line breaks by hand). */
function referenceBounds(text: string): number[] {
  const breaks = /([.!?؟۔।॥]["'”’)\]*_]*)[ \t\f\v]+|([。！？｡]["'”’)\]*_」』）】]*)[ \t\f\v]*|(?:\r?\n|\r)+/g
  const listNumber = /^[ \t]*(?:[-*+•][ \t]+)?(?:#{1,6}[ \t]*)?(?:\*\*|__)?\d{1,2}[.)](?:\*\*|__)?$/
  const out: number[] = []
  const push = (from: number, to: number) => {
    while (from < to && /\s/.test(text[from])) from++
    while (to > from && /\s/.test(text[to - 1])) to--
    if (to > from && /[\p{L}\p{N}]/u.test(text.slice(from, to))) out.push(from, to)
  }
  let from = 0
  for (let m = breaks.exec(text); m !== null; m = breaks.exec(text)) {
    if (m[1] !== undefined) {
      const end = m.index + m[1].length
      const lineStart = text.lastIndexOf('\n', m.index) + 1
      if (end - lineStart <= 16 && listNumber.test(text.slice(lineStart, end))) continue
      push(from, end)
    } else if (m[2] !== undefined) push(from, m.index + m[2].length)
    else push(from, m.index)
    from = m.index + m[0].length
  }
  push(from, text.length)
  return out
}

describe('splitSentenceBounds', () => {
  it('breaks where the single-regex rule breaks, on 20,000 random texts of line breaks, sentence ends and list numbers', () => {
    const pieces = ['Nike', 'is good', ' ', '  ', '\t', '\n', '\r', '\r\n', '\n\n', '\n\r', '.', '. ', '!', '? ', '."', '.) ', '**', '。', '！', 'ア', '1.', '12. ', '- 3) ', '#', '4.5', '\u00a0', '\f', '\v', '؟ ', '」']
    let seed = 11
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff)
    let differing = 0
    let breaks = 0
    for (let i = 0; i < 20000; i++) {
      let text = ''
      for (let k = 1 + Math.floor(rnd() * 14); k > 0; k--) text += pieces[Math.floor(rnd() * pieces.length)]
      const want = referenceBounds(text)
      breaks += want.length / 2
      if (JSON.stringify(splitSentenceBounds(text)) !== JSON.stringify(want)) differing++
    }
    expect(differing).toBe(0)
    expect(breaks).toBeGreaterThan(20000) // the texts do hold many sentences
  })
})

describe('splitSentences', () => {
  it('splits on . ! ?', () => {
    expect(splitSentences('Nike is good. Is Adidas better? Yes! Puma')).toEqual(['Nike is good.', 'Is Adidas better?', 'Yes!', 'Puma'])
  })

  it('splits at line breaks and drops empty or punctuation-only fragments', () => {
    expect(splitSentences('1. Nike\n**2.** Adidas. Good\n\n---\n')).toEqual(['1. Nike', '**2.** Adidas.', 'Good'])
  })

  it('does not split inside numbers or domains', () => {
    expect(splitSentences('Rated 4.5 stars on nike.com today. Next one.')).toEqual(['Rated 4.5 stars on nike.com today.', 'Next one.'])
  })

  it('splits after closing quotes or markdown bold', () => {
    expect(splitSentences('**Nike is best.** Adidas said "great!" Then Puma.')).toEqual(['**Nike is best.**', 'Adidas said "great!"', 'Then Puma.'])
  })
})

describe('brand-set scanning gives the same counts as scanning each brand alone', () => {
  it('with overlapping, edge-punctuated and independent brands', () => {
    const brands: BrandDef[] = [
      brand('Apple', ['Apple Inc']),
      brand('Apple Music'),
      brand('Music Store'),
      brand('Yahoo!'),
      brand('Brooks Running', ['Brooks']),
      brand('On Running'),
      brand('Nike', ['Swoosh']),
      brand('Adidas'),
      brand('Nestlé'),
    ]
    const text = [
      'Apple Music Store by Apple Inc. Pineapple. Yahoo! and yahoo!! Brooks Running, On Running, Brooks.',
      'Nike, NIKE, swoosh; Adidas-made, xAdidas, Adidasx, Nestlé, Nestléa. Apple\'s apple.',
    ].join('\n')
    const combined = countAllMentions(text, brands)
    for (const b of brands) expect(combined[b.name]).toBe(countMentions(text, b))
    // hand-checked: Apple = "Apple" (Apple Music) + "Apple Inc" + "Apple's" + "apple" = 4
    expect(combined).toEqual({
      Apple: 4, 'Apple Music': 1, 'Music Store': 1, 'Yahoo!': 2, 'Brooks Running': 2, 'On Running': 1, Nike: 3, Adidas: 1, Nestlé: 1,
    })
  })
})

describe('matcher caches', () => {
  it('notice edits to a brand\'s names (e.g. after adding an alternative name)', () => {
    const b = brand('Google')
    const brands = [b, brand('Bing')]
    const text = 'Google and Alphabet. Bing.'
    expect(countMentions(text, b)).toBe(1)
    expect(countAllMentions(text, brands)).toEqual({ Google: 1, Bing: 1 })
    b.alternativeNames.push('Alphabet')
    expect(countMentions(text, b)).toBe(2)
    expect(countAllMentions(text, brands)).toEqual({ Google: 2, Bing: 1 })
    brands[1] = brand('Alphabet Inc')
    expect(countAllMentions(text, brands)).toEqual({ Google: 2, 'Alphabet Inc': 0 })
  })
})
