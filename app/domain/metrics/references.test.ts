import { describe, expect, it } from 'vitest'
import { SETUP_LANGUAGES } from '../limits'
import type { BrandDef } from './brands'
import { countMentions } from './mentions'
import { REFERENCE_HEADINGS } from './reference-headings'
import { countableAtLength, stripNonCountable } from './references'

const brand = (name: string): BrandDef => ({ name, alternativeNames: [], domains: [] })
const nike = brand('Nike')
const uniqlo = brand('ユニクロ')

const LANGUAGE_DATA: Record<string, string> = { 'en-GB': 'en', 'en-US': 'en', 'zh-CN': 'zh', 'zh-TW': 'zh', 'pt-BR': 'pt', 'pt-PT': 'pt' }

describe('reference headings per setup language', () => {
  it('every setup language has its reference headings', () => {
    for (const { code } of SETUP_LANGUAGES) expect(REFERENCE_HEADINGS[LANGUAGE_DATA[code] ?? code]?.length, code).toBeGreaterThan(0)
  })

  it.each(Object.keys(REFERENCE_HEADINGS))('%s: every heading, as "##", bold with a colon or plain, cuts what follows', (lang) => {
    for (const word of REFERENCE_HEADINGS[lang]) {
      const w = word.charAt(0).toUpperCase() + word.slice(1)
      // one Nike above the heading counts, the two below do not
      for (const heading of [`## ${w}`, `**${w}:**`, `${w}`, `【${w}】`]) {
        expect(countMentions(`Nike leads.\n\n${heading}\n1. Nike – https://nike.com\nNike`, nike), `${lang} ${heading}`).toBe(1)
      }
    }
  })

  it.each([
    ['引用文献', 'ユニクロが首位です。\n\n## 引用文献\n1. ユニクロ決算'],
    ['参考URL', 'ユニクロが首位です。\n\n**参考URL**\n- ユニクロ公式'],
    ['参考リンク', 'ユニクロが首位です。\n参考リンク：ユニクロ'],
    ['脚注', 'ユニクロが首位です。\n### 脚注\nユニクロ'],
    ['참고 문헌 (with a space)', 'ユニクロが首位です。\n## 참고 문헌\nユニクロ'],
    ['參考資料', 'ユニクロが首位です。\n參考資料：ユニクロ'],
  ])('the headings named in the issue: %s', (_v, t) => {
    expect(countMentions(t, uniqlo)).toBe(1)
  })

  it.each([['Works cited'], ['Bibliography'], ['Further reading'], ['Quellenverzeichnis'], ['Bibliographie'], ['Références'], ['Fuentes consultadas']])('%s', (w) => {
    expect(countMentions(`Nike leads.\n\n### ${w}\n- Nike annual report`, nike)).toBe(1)
  })

  it('prose that starts with a heading word is not a heading', () => {
    const t = 'Further reading on Nike is easy to find.\nBibliography of Nike: none.\n参考文献によるとユニクロは強い。'
    expect(stripNonCountable(t)).toBe(t)
  })
})

describe('footnote and link definitions', () => {
  it('a definition anywhere in the answer is never counted; the inline marker is ignored too', () => {
    // counted: "Nike is light" and "Nike wins"; not: the two definitions
    const t = 'Nike is light.[^1]\n\n[^1]: Nike Pegasus review – https://example.com/pegasus\n[2]: https://nike.com/news "Nike news"\n\nOverall Nike wins.[^2]'
    expect(countMentions(t, nike)).toBe(2)
  })

  it('"[1] Title https://…" lines are citations; "[1] text" without a link is answer text', () => {
    expect(countMentions('Nike leads.\n[1] Nike 2024 report https://nike.com/r\nMore on Nike.', nike)).toBe(2)
    expect(countMentions('[1] Nike leads the list.', nike)).toBe(1)
  })

  it('a bold "[1]:" inside a sentence is not a definition', () => {
    expect(countMentions('As noted [1]: Nike is first.', nike)).toBe(1)
  })
})

describe('a trailing citation block after a horizontal rule', () => {
  it('is a reference list when every line holds a URL', () => {
    const t = 'Nike leads.\n\n---\n\n1. Nike Pegasus 41 review – https://example.com/a\n2. Runner\'s World: Nike vs Adidas https://runnersworld.com/b\n- www.nike.com/about Nike'
    expect(countMentions(t, nike)).toBe(1)
  })

  it('is answer text when a line has no URL, or when nothing follows the rule but prose', () => {
    expect(countMentions('Nike leads.\n\n---\n\nNike again https://x.com/a\nAnd Nike in prose.', nike)).toBe(3)
    expect(countMentions('Nike leads.\n\n---\n\nIn short, Nike.', nike)).toBe(2)
  })
})

describe('names inside URLs with spaces or full-width characters', () => {
  it.each([
    ['a space before a path segment', 'Nike leads. See https://example.com/reviews/best Nike shoes/2024 for more.', 1],
    ['a space before a file name', 'Nike leads (https://example.com/files/Nike report.pdf).', 1],
    ['a markdown link target with spaces', 'Nike leads ([review](https://example.com/best Nike shoes)).', 1],
    ['a www link with a space', 'Nike leads, see www.example.com/Nike review/2024.', 1],
  ])('%s', (_v, t, n) => {
    expect(countMentions(t, nike)).toBe(n)
  })

  it('an ideographic space and full-width characters inside a URL', () => {
    const t = 'ユニクロが人気です（https://example.jp/比較/ブランド　ユニクロ/2024）。ユニクロは安い。'
    expect(countMentions(t, uniqlo)).toBe(2)
  })

  it('a URL ends at a space followed by an ordinary word', () => {
    expect(countMentions('See https://example.com/a Nike is first.', nike)).toBe(1)
  })

  it('countableAtLength keeps every position', () => {
    const t = 'Nike.[^1]\n[^1]: Nike – https://x.com/a b/c\n[x](https://y.com/Nike z)'
    const c = countableAtLength(t)
    expect(c.length).toBe(t.length)
    expect(c.indexOf('Nike')).toBe(0)
    expect(c.lastIndexOf('Nike')).toBe(0)
  })
})
