import { describe, expect, it } from 'vitest'
import { SETUP_LANGUAGES } from '../limits'
import type { BrandDef } from './brands'
import { ORDINAL_WORDS } from './rank-markers'
import { extractRankItems, parseRankings } from './rankings'

const b = (name: string, alternativeNames: string[] = []): BrandDef => ({ name, alternativeNames, domains: [] })
const nike = b('Nike')
const adidas = b('Adidas')
const brooks = b('Brooks Running', ['Brooks'])
const asics = b('Asics')
const hoka = b('Hoka')
const brands = [nike, adidas, brooks, asics, hoka]
const saas = ['Notion', 'Trello', 'Asana', 'Jira'].map((n) => b(n))

describe('parseRankings: numbered lists', () => {
  it('reads "1." lists; the rank is the number of the item naming the brand', () => {
    const t = 'Top picks:\n1. Nike Pegasus\n2. Adidas Boston\n3. Brooks Ghost'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2, 'Brooks Running': 3 })
  })

  it.each([
    ['1)', '1) Nike\n2) Adidas'],
    ['**1.**', '**1.** Nike\n**2.** Adidas'],
    ['**1)**', '**1)** Nike\n**2)** Adidas'],
    ['**1. Name**', '**1. Nike**\n**2. Adidas**'],
    ['1. **Name**', '1. **Nike** - light\n2. **Adidas** - fast'],
    ['### 1.', '### 1. Nike\nText.\n### 2. Adidas\nText.'],
    ['indented / bulleted', '  1. Nike\n  - 2. Adidas'],
    ['1:', '1: Nike\n2: Adidas'],
    ['(1)', '(1) Nike\n(2) Adidas'],
    ['> quoted', '> 1. Nike\n> 2. Adidas'],
    ['1- (Arabic style)', '1- Nike\n2- Adidas'],
  ])('accepts the %s variant', (_v, t) => {
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('reads numbers up to 20 and ignores 21+', () => {
    const lines = Array.from({ length: 21 }, (_, i) => `${i + 1}. Filler ${i + 1}`)
    lines[19] = '20. Hoka'
    lines[20] = '21. Asics'
    expect(parseRankings(lines.join('\n'), brands)).toEqual({ Hoka: 20 })
  })

  it('uses the number written, not the position', () => {
    expect(parseRankings('3. Nike\n5. Adidas', brands)).toEqual({ Nike: 3, Adidas: 5 })
  })

  it('does not take decimals, times or years at line start for list numbers', () => {
    expect(parseRankings('4.5 stars for Nike\n10:30 Adidas opens\n2024. Hoka\n1.Asics', brands)).toEqual({})
  })

  it('uses alternative names and needs whole words', () => {
    expect(parseRankings('1. Brooks Ghost\n2. Pineapple Asicsx\n3. Hoka', brands)).toEqual({ 'Brooks Running': 1, Hoka: 3 })
  })

  it('leaves unranked brands out (never 0)', () => {
    const r = parseRankings('Nike and Adidas are both good.\n1. Nike', brands)
    expect(r).toEqual({ Nike: 1 })
    expect('Adidas' in r).toBe(false)
  })

  it('ignores numbered source lists after a Sources heading', () => {
    const t = 'Nike is good.\n\nSources:\n1. Adidas press release\n2. Hoka blog'
    expect(parseRankings(t, brands)).toEqual({})
  })
})

describe('parseRankings: markers after emoji, symbols and emphasis', () => {
  it.each([
    ['🥇 1. X – ...', '🥇 1. Nike – light\n🥈 2. Adidas – fast', { Nike: 1, Adidas: 2 }],
    ['✅ First choice — X', '✅ First choice — Nike\n✅ Second choice — Adidas', { Nike: 1, Adidas: 2 }],
    ['⭐ 2) X', '⭐ 1) Nike\n⭐ 2) Adidas', { Nike: 1, Adidas: 2 }],
    ['👉 **3. X**', '👉 **1. Nike**\n👉 **3. Adidas**', { Nike: 1, Adidas: 3 }],
    ['keycap digits', '1️⃣ Nike\n2️⃣ Adidas\n🔟 Hoka', { Nike: 1, Adidas: 2, Hoka: 10 }],
    ['keycaps without the variation selector', '1\u20E3 Nike\n2\u20E3 Adidas', { Nike: 1, Adidas: 2 }],
    ['#1 X', '#1 Nike\n#2: Adidas', { Nike: 1, Adidas: 2 }],
    ['No. 1: X', 'No. 1: Nike\nNo. 2: Adidas', { Nike: 1, Adidas: 2 }],
    ['Rank 1 / Number 2', 'Rank 1: Nike\nNumber 2 - Adidas', { Nike: 1, Adidas: 2 }],
    ['medals alone', 'Top picks:\n- 🥇 Nike\n- 🥈 Adidas\n- 🥉 Hoka', { Nike: 1, Adidas: 2, Hoka: 3 }],
    ['arrows and stars', '→ 1. Nike\n★ 2. Adidas', { Nike: 1, Adidas: 2 }],
  ])('%s', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  it('a medal followed by a number takes the number', () => {
    expect(parseRankings('🥈 1. Nike\n🥇 2. Adidas', brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('an emoji is not a marker by itself', () => {
    expect(parseRankings('✅ Nike is comfortable\n⭐ Adidas is fast', brands)).toEqual({})
  })
})

describe('parseRankings: ordinal words first..tenth', () => {
  it('reads ordinal labels at line start', () => {
    const t = 'First: Nike.\nSecond: Adidas\n**Third** - Asics\nFourth place: Hoka'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2, Asics: 3, Hoka: 4 })
  })

  it('knows all ten ordinals', () => {
    const words = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth']
    const names = words.map((_, i) => b(`Brand${i + 1}`))
    const t = words.map((w, i) => `${w}: Brand${i + 1}`).join('\n')
    expect(parseRankings(t, names)).toEqual(Object.fromEntries(names.map((n, i) => [n.name, i + 1])))
  })

  it.each([
    ['**Second Easiest: X**', '**Second Easiest: Adidas**\nIt is easy to wear.', { Adidas: 2 }],
    ['### Third pick – X', '### Third pick – Asics\n\nStable and durable.', { Asics: 3 }],
    ['First up is X', 'First up is Nike, a light trainer.', { Nike: 1 }],
    ['*Second* - X', '- *Second* - Adidas', { Adidas: 2 }],
    ['- **First:** X', '- **First:** Nike', { Nike: 1 }],
    ['1st place: X / 2nd: X', '1st place: Nike\n2nd: Adidas', { Nike: 1, Adidas: 2 }],
    ['Firstly: X', 'Firstly: Nike\nSecondly: Adidas', { Nike: 1, Adidas: 2 }],
    // the same words that are prose on a plain line name a rank on a list line or a heading
    ['a bullet: - First impressions: X', '- First impressions: Nike\n- Second impressions: Adidas', { Nike: 1, Adidas: 2 }],
    ['a heading: ## First things first: X', '## First things first: Nike', { Nike: 1 }],
    ['a plain line with a space before the colon', 'Second : Adidas', { Adidas: 2 }],
  ])('an ordinal heading without punctuation after it: %s', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  it.each([
    ['a comma after it (an adverb)', 'First, preheat the oven. Nike makes trainers.\nSecond, wait for Adidas.'],
    ['prose at sentence start', 'Here is my view. First, Nike leads the pack. Second, Adidas follows.'],
    ['mid-sentence', 'Nike was the first brand to do this, and Adidas second.'],
    ['a long sentence without a label', 'First of all I would check how Nike shoes fit your feet'],
    ['a sentence that ends', 'Second is Adidas.'],
    ['compounds', '- First-time buyers: Nike\n- Second-hand: Adidas'],
    ['on a bullet, with a comma', '- First, check the fit of Nike shoes.\n- Second, try Adidas.'],
    // A plain paragraph line is prose even with a colon soon after its first word
    ['a plain line, words then a colon', 'First impressions matter: Nike wins.'],
    ['a plain line, an idiom then a colon', 'First things first: pick Nike.'],
    ['a plain line, "1st" then words and a colon', '1st impressions matter: Nike wins.'],
  ])('ordinals in ordinary prose do not rank: %s', (_v, t) => {
    expect(parseRankings(t, brands)).toEqual({})
  })

  it('ignores prose ordinals inside a numbered item', () => {
    // "First," on the item's second line is prose, not a rank 1 marker for Nike
    const t = '1. Adidas is fast.\n   First, it is light; Nike is heavier.\n2. Nike'
    expect(parseRankings(t, brands)).toEqual({ Adidas: 1, Nike: 2 })
  })
})

describe('parseRankings: a numbered header with the brands beneath it (first brand beneath)', () => {
  it('sub-bullets: the first brand under the header takes its rank, the others do not', () => {
    const t = '1. Best for small teams\n   - Notion: flexible\n   - Trello: simple\n2. Best for enterprises\n   - Jira: robust'
    expect(parseRankings(t, saas)).toEqual({ Notion: 1, Jira: 2 })
  })

  it('lines directly beneath', () => {
    const t = '1. Best for small teams\nNotion is flexible and Trello is simple.\n2. Best for enterprises\nJira.'
    expect(parseRankings(t, saas)).toEqual({ Notion: 1, Jira: 2 })
  })

  it('paragraphs after a blank line, for the first and for the last header alike', () => {
    const t = 'Options:\n\n1. Best for small teams\n\nNotion is flexible; Trello is simpler.\n\n2. Best for enterprises\n\nJira is robust.\n\nIn short, Asana is fine too.'
    expect(parseRankings(t, saas)).toEqual({ Notion: 1, Jira: 2 })
  })

  it('bold headers and "#" headers', () => {
    const bold = '**1. Best for small teams**\n\nTrello is simple.\n\n**2. Best for enterprises**\n\nJira.'
    expect(parseRankings(bold, saas)).toEqual({ Trello: 1, Jira: 2 })
    const hashes = '### 1. Best for small teams\nAsana is easy.\n#### Pros\n- cheap\n### 2. Best for enterprises\nJira.'
    expect(parseRankings(hashes, saas)).toEqual({ Asana: 1, Jira: 2 })
    const label = '1. **Best for small teams**\n\nNotion.'
    expect(parseRankings(label, saas)).toEqual({ Notion: 1 })
  })

  it('a header whose text names brands after a colon ranks every brand on its line', () => {
    expect(parseRankings('1. Best overall: Nike Pegasus, ahead of Adidas', brands)).toEqual({ Nike: 1, Adidas: 1 })
  })

  it('every brand named in an item lead is ranked (ties)', () => {
    expect(parseRankings('1. Nike and Adidas (tie)\n2. Asics', brands)).toEqual({ Nike: 1, Adidas: 1, Asics: 2 })
  })

  it('a brand compared with on the item line takes its rank; in the body it does not', () => {
    expect(parseRankings('1. **Nike Pegasus** - lighter than Adidas shoes\n2. **Hoka Clifton** - softer than Asics', brands)).toEqual({ Nike: 1, Adidas: 1, Hoka: 2, Asics: 2 })
    expect(parseRankings('1. **Nike Pegasus** - light\n   Lighter than Adidas shoes.\n2. **Hoka Clifton**\n   - softer than Asics', brands)).toEqual({ Nike: 1, Hoka: 2 })
  })
})

describe('parseRankings: where an item ends (one rule for every item)', () => {
  it('a tight list: the last item stops at the conclusion paragraph, like the others stop at the next marker', () => {
    // "2. Something else" has no brand: with a body running into the conclusion it would rank Hoka
    expect(parseRankings('1. Nike\n2. Something else\n\nIn summary, Hoka is also worth a look.', brands)).toEqual({ Nike: 1 })
    // the same rule for an item in the middle of the list
    expect(parseRankings('1. Nike\n2. Something else\n\nHoka is also worth a look.\n\n3. Adidas', brands)).toEqual({ Nike: 1, Adidas: 3 })
  })

  it('indented paragraphs and bullets after a blank line stay in the item', () => {
    const t = '1. A light trainer\n\n   Nike Pegasus is the pick.\n\n- Adidas is close.\n2. A stable shoe\n\n   Asics.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Asics: 2 })
  })

  it('an unmarked heading ends the item', () => {
    expect(parseRankings('1. Something light\n\n**Other options**\nHoka is also popular.', brands)).toEqual({})
    expect(parseRankings('1. Something light\n## Other options\nHoka.', brands)).toEqual({})
  })

  it('a lower heading stays inside a "#" section; the same or a higher one ends it', () => {
    expect(parseRankings('## 1. Light shoes\n### Details\nNike.', brands)).toEqual({ Nike: 1 })
    expect(parseRankings('### 1. Light shoes\n### Details\nNike.', brands)).toEqual({})
  })

  it('a horizontal rule ends the item', () => {
    expect(parseRankings('**1. Light shoes**\n\n---\n\nNike.', brands)).toEqual({})
  })
})

describe('parseRankings: ranking tables', () => {
  it('a "#" column', () => {
    const t = 'Comparison:\n\n| # | Brand | Price |\n|---|---|---|\n| 1 | Nike | $$ |\n| 2 | Adidas | $ |\n| 3 | Hoka | $$$ |'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2, Hoka: 3 })
  })

  it('a "Rank" column that is not the first, with bold, medals, "#2" and ordinal words', () => {
    const t = '| Brand | Rank | Notes |\n| :-- | :-: | --- |\n| **Asics** | **1** | stable |\n| Hoka | 🥈 | soft, like Nike |\n| Adidas | #3 | fast |\n| Nike | Fourth | classic |'
    expect(parseRankings(t, brands)).toEqual({ Asics: 1, Hoka: 2, Adidas: 3, Nike: 4 })
  })

  it('rows in order under a line that says they are ranked', () => {
    const t = 'Ranked from best to worst for beginners:\n\n| Brand | Why |\n|---|---|\n| Hoka | soft |\n| Asics | stable |'
    expect(parseRankings(t, brands)).toEqual({ Hoka: 1, Asics: 2 })
  })

  it('rows in order when the header row says ranking', () => {
    const t = '| Ranking | Comment |\n|---|---|\n| Adidas | fast |\n| Nike | light |'
    expect(parseRankings(t, brands)).toEqual({ Adidas: 1, Nike: 2 })
  })

  it('a plain comparison table ranks nothing', () => {
    const t = 'Comparison:\n\n| Brand | Price |\n|---|---|\n| Nike | 100 |\n| Adidas | 90 |'
    expect(parseRankings(t, brands)).toEqual({})
  })

  it('a table ends the numbered item before it', () => {
    const t = '1. A light trainer\n| Brand | Price |\n|---|---|\n| Nike | 100 |'
    expect(parseRankings(t, brands)).toEqual({})
  })
})

describe('parseRankings: which rank wins when a brand is in several items', () => {
  it('the first item in document order whose subject the brand is', () => {
    const t = 'Best overall:\n1. Asics\n2. Nike\n\n## Budget\n1. Nike\n2. Hoka'
    expect(parseRankings(t, brands)).toEqual({ Asics: 1, Nike: 2, Hoka: 2 })
  })

  it('a mention in an earlier item\'s body does not count; the item naming the brand on its line does', () => {
    const t = '1. **Nike Pegasus** - light\n   Lighter than Adidas shoes.\n2. **Adidas Boston** - fast'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
    // on item 1's own line, Adidas takes rank 1 (anywhere on the line)
    expect(parseRankings('1. **Nike Pegasus** - lighter than Adidas shoes\n2. **Adidas Boston** - fast', brands)).toEqual({ Nike: 1, Adidas: 1 })
  })

  it('a brand first beneath a header and later an item of its own keeps the header rank', () => {
    const t = '1. Best overall\n   Nike Pegasus\n2. Nike Vaporfly\n3. Adidas'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 3 })
  })

  it('a list ranks before a table that comes later', () => {
    const t = '1. Hoka\n2. Nike\n\n| Rank | Brand |\n|---|---|\n| 1 | Nike |'
    expect(parseRankings(t, brands)).toEqual({ Hoka: 1, Nike: 2 })
  })
})

describe('parseRankings: markers of the other setup languages', () => {
  const cjk = ['ユニクロ', 'ソニー', '小米', '华为', '삼성전자', '현대', 'نون', 'أمازون'].map((n) => b(n))

  it.each([
    ['1、 (Chinese)', '1、小米手机性价比高。\n2、华为', { 小米: 1, 华为: 2 }],
    ['full-width １．', '１．ユニクロは品質が良いです。\n２．ソニーのテレビ', { ユニクロ: 1, ソニー: 2 }],
    ['1. directly before CJK text', '1.小米\n2.华为', { 小米: 1, 华为: 2 }],
    ['第一名 / 第二名', '第一名：华为\n第二名 小米', { 华为: 1, 小米: 2 }],
    ['第1位', '第1位 ユニクロ\n第2位 ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['1位：', '1位：ユニクロ\n2位：ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['circled numbers', '① ユニクロ\n② ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['Chinese numerals 一、', '一、小米\n二、华为', { 小米: 1, 华为: 2 }],
    ['첫째 / 둘째', '첫째: 삼성전자\n둘째: 현대', { 삼성전자: 1, 현대: 2 }],
    ['첫 번째로 (with a particle)', '첫 번째로 삼성전자\n두 번째는 현대', { 삼성전자: 1, 현대: 2 }],
    ['1위', '1위: 삼성전자\n2위 현대', { 삼성전자: 1, 현대: 2 }],
    ['أولاً / ثانياً', 'أولاً: نون\nثانياً: أمازون', { نون: 1, أمازون: 2 }],
    ['أولًا (tanween on the lam) / ثانيا (no tanween)', 'أولًا: نون\nثانيا - أمازون', { نون: 1, أمازون: 2 }],
    ['Arabic-Indic digits', '١. نون\n٢. أمازون', { نون: 1, أمازون: 2 }],
  ])('%s', (_v, t, expected) => {
    expect(parseRankings(t, cjk)).toEqual(expected)
  })

  it.each([
    ['Chinese 第一，(an adverb)', '第一，小米很好。'],
    ['Korean 첫째, (an adverb)', '첫째, 삼성전자는 품질이 좋습니다.'],
    ['Arabic أولاً، (an adverb)', 'أولاً، نون متجر جيد.'],
  ])('a comma after the ordinal is prose in every language: %s', (_v, t) => {
    expect(parseRankings(t, cjk)).toEqual({})
  })

  it.each([
    ['German', 'Erstens: Nike\nZweiter Platz: Adidas\n- Achten Sie auf die Dämpfung: Hoka', { Nike: 1, Adidas: 2 }],
    ['Spanish', 'Primero: Nike\nSegunda opción: Adidas', { Nike: 1, Adidas: 2 }],
    ['French', 'Premier choix : Nike\nDeuxième : Adidas\n3e : Hoka', { Nike: 1, Adidas: 2, Hoka: 3 }],
    ['Italian', 'Primo posto: Nike\n- Secondo gli esperti, Adidas è veloce.', { Nike: 1 }],
    ['Portuguese', '1º lugar: Nike\nSegundo lugar: Adidas', { Nike: 1, Adidas: 2 }],
    ['Dutch', 'Eerste keuze: Nike\nTweede: Adidas', { Nike: 1, Adidas: 2 }],
    ['Polish', 'Pierwsze miejsce: Nike\nDruga: Adidas', { Nike: 1, Adidas: 2 }],
    ['Russian', 'Первое место: Nike\nВторой: Adidas\n3-й: Hoka', { Nike: 1, Adidas: 2, Hoka: 3 }],
    ['Ukrainian', "Перше місце: Nike\nП'ятий: Adidas", { Nike: 1, Adidas: 5 }],
    ['Turkish', 'Birinci: Nike\nİkinci sırada: Adidas\nİlk olarak, Hoka', { Nike: 1, Adidas: 2 }],
    ['Hindi', 'पहला: Nike\nदूसरा स्थान: Adidas\n३. Hoka', { Nike: 1, Adidas: 2, Hoka: 3 }],
    ['Thai', 'ที่หนึ่ง: Nike\nอันดับที่ 2 Adidas\n๓. Hoka', { Nike: 1, Adidas: 2, Hoka: 3 }],
    ['Vietnamese', 'Thứ nhất: Nike\nThứ hai: Adidas', { Nike: 1, Adidas: 2 }],
    ['Javanese / Indonesian', 'Kapisan: Nike\nKedua: Adidas', { Nike: 1, Adidas: 2 }],
    ['Urdu', 'پہلا: Nike\n۲۔ Adidas', { Nike: 1, Adidas: 2 }],
    ['Bengali', 'প্রথম: Nike\n২. Adidas', { Nike: 1, Adidas: 2 }],
  ])('%s ordinal words and digits', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  const LANGUAGE_DATA: Record<string, string> = { 'en-GB': 'en', 'en-US': 'en', 'zh-CN': 'zh', 'zh-TW': 'zh', 'pt-BR': 'pt', 'pt-PT': 'pt' }
  const dataKey = (code: string) => LANGUAGE_DATA[code] ?? code

  it('every setup language has ordinal words for first to tenth', () => {
    for (const { code } of SETUP_LANGUAGES) {
      const ranks = ORDINAL_WORDS[dataKey(code)]
      expect(ranks, code).toBeDefined()
      expect(ranks.length, code).toBe(10)
      for (const forms of ranks) expect(forms.length, code).toBeGreaterThan(0)
    }
  })

  it.each(Object.keys(ORDINAL_WORDS))('%s: every ordinal form names its rank as a line label', (lang) => {
    const ranks = ORDINAL_WORDS[lang]
    for (const [i, forms] of ranks.entries()) {
      for (const form of forms) {
        const word = form.charAt(0).toUpperCase() + form.slice(1)
        expect(parseRankings(`${word}: Hoka`, brands), `${lang} ${form}`).toEqual({ Hoka: i + 1 })
      }
    }
  })
})

describe('parseRankings: more layouts, each checked by hand against the rules', () => {
  it.each([
    // markers after emoji, symbols and emphasis
    ['a bulleted bold "#1"', '- **#1 Nike**\n- **#2 Adidas**', { Nike: 1, Adidas: 2 }],
    ['"Rank #1:"', 'Rank #1: Nike\nRank #2: Adidas', { Nike: 1, Adidas: 2 }],
    ['a medal on a "##" heading before an ordinal', '## 🥇 First: Nike\n## 🥈 Second: Adidas', { Nike: 1, Adidas: 2 }],
    ['"1." straight before bold', '1.**Nike**\n2.**Adidas**', { Nike: 1, Adidas: 2 }],
    ['keycaps before a bold name', '1️⃣ **Hoka** - soft\n2️⃣ **Asics** - stable', { Hoka: 1, Asics: 2 }],
    ['"**First place:**" then the name', '**First place:** Adidas\n**Second place:** Nike', { Adidas: 1, Nike: 2 }],
    // a tie written in bold ranks every name of the lead
    ['a bold tie', '1. **Nike** and **Adidas** (tie)\n2. **Hoka**', { Nike: 1, Adidas: 1, Hoka: 2 }],
    ['a bold list of three', '1. **Nike**, **Adidas** & **Asics**\n2. Hoka', { Nike: 1, Adidas: 1, Asics: 1, Hoka: 2 }],
    // a comparison after a dash is on item 1's own line: Adidas takes rank 1
    ['a bold comparison after a dash', '1. **Nike** – lighter than **Adidas**\n2. **Adidas**', { Nike: 1, Adidas: 1 }],
  ])('%s', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  it('headers whose paragraphs are indented after blank lines: the first brand under each', () => {
    const t = '1. Best value\n\n   Hoka Clifton, cheaper than Nike.\n\n2. Most durable\n\n   Brooks Ghost.'
    expect(parseRankings(t, brands)).toEqual({ Hoka: 1, 'Brooks Running': 2 })
  })

  it('a header whose first name beneath is too short to count takes the next brand beneath', () => {
    // "On" has 2 characters (ignored), so the first counted brand under header 1 is Hoka
    const t = '1. Best for beginners\n   - **On** – soft\n   - Also worth a look: Hoka.\n2. Best for racing\n   - **Asics** – fast'
    expect(parseRankings(t, [...brands, b('On')])).toEqual({ Hoka: 1, Asics: 2 })
  })

  it('the last item ends where the first does: a header owns its paragraphs, a plain item stops at the conclusion', () => {
    // header 2 ("Budget picks", alone before a blank line) owns "Adidas is cheap" and the
    // conclusion; its first brand is Adidas. Item 1 names Nike in its own line.
    const t = '1. Nike\n\nNike is light.\n\n2. Budget picks\n\nAdidas is cheap.\n\nOverall Hoka is nice.'
    expect(parseRankings(t, brands)).toEqual({ Nike: 1, Adidas: 2 })
  })

  it('a brand in several items keeps the rank of the first item whose subject it is, whatever the layout of the later one', () => {
    const t = '🥇 1. Asics – stable\n🥈 2. Hoka – soft\n\n| # | Brand |\n|---|---|\n| 1 | Hoka |\n| 2 | Nike |'
    expect(parseRankings(t, brands)).toEqual({ Asics: 1, Hoka: 2, Nike: 2 })
  })
})

describe('spec rules: a brand named on an item\'s own line after its label', () => {
  const cars = ['Tesla', 'Polestar', 'BYD', 'Hyundai'].map((n) => b(n))
  const photo = ['Adobe', 'Capture One', 'Apple', 'Darktable'].map((n) => b(n))
  const docs = ['Notion', 'Coda', 'Obsidian', 'Evernote'].map((n) => b(n))
  const watches = ['Garmin', 'Coros', 'Apple', 'Suunto', 'Polar'].map((n) => b(n))

  it('"2. **Model 3**: Built by Tesla, …" ranks Tesla 2, also when a tracked rival is named before it on the line', () => {
    // items 1-3 name no tracked brand in bold; each line names its maker after the label
    const t =
      'The best electric sedans this year:\n\n1. **Seal**: BYD\'s answer to the Polestar 2, cheaper and longer-legged.\n' +
      '2. **Model 3**: Built by Tesla, the Model 3 is …\n3. **Ioniq 6**: the Hyundai with the lowest drag.'
    // hand-worked: line 1 names BYD and Polestar -> 1; line 2 Tesla -> 2; line 3 Hyundai -> 3
    expect(parseRankings(t, cars)).toEqual({ BYD: 1, Polestar: 1, Tesla: 2, Hyundai: 3 })
    // a rival named first on the line does not take the item from Tesla
    expect(parseRankings('1. **Model 3 vs Polestar 2**: Built by Tesla, the Model 3 is …', cars)).toEqual({ Polestar: 1, Tesla: 1 })
  })

  it('"4. **Lightroom** – part of the Adobe family, …" ranks Adobe 4', () => {
    const t =
      '3. **Photos** – free with every Mac, by Apple.\n4. **Lightroom** – like Capture One it edits raw files; part of the Adobe family, …\n5. **darktable** – open source.'
    // line 3 Apple -> 3; line 4 Capture One and Adobe -> 4; line 5 Darktable (case-insensitive) -> 5
    expect(parseRankings(t, photo)).toEqual({ Apple: 3, 'Capture One': 4, Adobe: 4, Darktable: 5 })
  })

  it('"**5. Coda** – flexible docs; the notion of blocks …" ranks Notion 5 (case-insensitive whole word)', () => {
    const t = '**4. Evernote** – notes first.\n\n**5. Coda** – flexible docs; the notion of blocks …\n\n**6. Obsidian** – local files.'
    // each bold line is a header; line 5 names Coda and notion -> both 5
    expect(parseRankings(t, docs)).toEqual({ Evernote: 4, Coda: 5, Notion: 5, Obsidian: 6 })
  })

  it('a numbered list of criteria is still a numbered list: the brands on item 1\'s line rank 1', () => {
    const t =
      'What matters in a running watch:\n\n1. **Battery life:** Garmin and Coros last longer than Apple.\n2. **Maps:** Suunto is close behind Garmin.\n' +
      '3. **Price:**\n   - Polar is the cheapest; Coros next.'
    // line 1: Garmin, Coros, Apple -> 1; line 2: Suunto -> 2 (Garmin keeps 1);
    // item 3's line names none: the first brand in its body, Polar -> 3 (Coros keeps 1)
    expect(parseRankings(t, watches)).toEqual({ Garmin: 1, Coros: 1, Apple: 1, Suunto: 2, Polar: 3 })
  })

  it('named only in an item\'s body (following lines, sub-bullets): that item\'s number, for the first brand there', () => {
    const t = '1. **Best for teams**\n   Notion, with Coda close behind.\n2. **Best offline**\n   - Obsidian'
    expect(parseRankings(t, docs)).toEqual({ Notion: 1, Obsidian: 2 })
  })
})

describe('extractRankItems', () => {
  it('exposes rank, lead and body of each item', () => {
    const items = extractRankItems('1. **Nike** - light\n   Good value.\n2. Adidas: fast\n**Third pick – Hoka**')
    expect(items.map((i) => [i.rank, i.lead])).toEqual([
      [1, 'Nike'],
      [2, 'Adidas'],
      [3, 'Hoka'],
    ])
    expect(items[0].body).toContain('Good value.')
  })
})
