/**
 * Mentions and sentiment in the setup languages, with examples checked by hand: each
 * expected count or percentage is worked out in the comment beside it.
 */
import { describe, expect, it } from 'vitest'
import { aggregateAnalysis, type AnswerForMetrics } from './aggregate'
import { parseAnswer } from './parse-answer'
import { type BrandDef, countableNames, findAllBrandSpans, findBrandSpans } from './brands'
import { validateAlternativeName } from './alternative-names'
import { countAllMentions, countMentions, splitSentences } from './mentions'
import { overviewView, sentimentDetailView, sentimentView } from '../results/view'
import { isParticleRun, namesCouldOverlap } from './scripts'
import { brandSentiment, sentimentLanguage } from './sentiment'
import { lexiconFor } from './lexicons'

const b = (name: string, ...alternativeNames: string[]): BrandDef => ({ name, alternativeNames, domains: [] })

describe('mentions per script', () => {
  describe('Japanese (Han and Kana: no spaces)', () => {
    it('finds a name followed by a particle', () => {
      // ユニクロ + は: one mention
      expect(countMentions('1. ユニクロは品質が良いです。', b('ユニクロ'))).toBe(1)
    })

    it('finds the native and the Latin name, each followed by の', () => {
      // ソニー(の) and Sony(の): a change of script is a boundary -> 2
      expect(countMentions('ソニーのテレビとSonyのカメラ。', b('Sony', 'ソニー'))).toBe(2)
    })

    it('never splits a longer tracked name', () => {
      // ソニーグループ covers the ソニー at 0 -> ソニー only counts its second occurrence
      const brands = [b('ソニー'), b('ソニーグループ')]
      expect(countAllMentions('ソニーグループの決算。ソニーの新製品。', brands)).toEqual({ ソニー: 1, ソニーグループ: 1 })
    })
  })

  describe('Chinese', () => {
    it('Simplified: finds names inside unspaced text', () => {
      // 小米 + 手机 -> 1
      expect(countMentions('1. 小米手机性价比高。', b('小米'))).toBe(1)
    })

    it('Simplified: the longer tracked name wins (京东商城 over 京东)', () => {
      // 京东商城 once (its 京东 not counted), 京东 alone once, 华为 once
      const brands = [b('京东'), b('京东商城'), b('华为')]
      expect(countAllMentions('华为和京东商城合作，京东也卖。', brands)).toEqual({ 京东: 1, 京东商城: 1, 华为: 1 })
    })

    it('Traditional: finds names inside unspaced text', () => {
      expect(countAllMentions('小米手機很受歡迎，華為價格偏高。', [b('小米'), b('華為')])).toEqual({ 小米: 1, 華為: 1 })
    })

    it('counts two-character names and ignores one-character ones', () => {
      expect(countableNames(b('小米', '米', 'MI'))).toEqual(['小米'])
      expect(countMentions('京东 京', b('京'))).toBe(0)
      expect(validateAlternativeName('华为', b('Huawei'), [b('Huawei')])).toBeNull()
      expect(validateAlternativeName('华', b('Huawei'), [b('Huawei')])).toMatch(/too short/)
    })
  })

  describe('Korean (Hangul: particles)', () => {
    it('finds a name followed by particles', () => {
      // 삼성전자+는 -> 1
      expect(countMentions('1. 삼성전자는 품질이 좋습니다.', b('삼성전자'))).toBe(1)
      // 삼성+에서+도, 삼성+의, 삼성+입니다 -> 3
      expect(countMentions('삼성에서도 출시했다. 삼성의 제품. 최고는 삼성입니다.', b('삼성'))).toBe(3)
    })

    it('does not find a name inside a longer word', () => {
      // 삼성생명은: 생명은 is not a run of particles -> 0
      expect(countMentions('삼성생명은 보험사입니다.', b('삼성'))).toBe(0)
    })
  })

  describe('Thai (no spaces)', () => {
    it('finds a name inside unspaced text', () => {
      expect(countMentions('ซัมซุงเป็นแบรนด์ที่ดีที่สุด', b('ซัมซุง'))).toBe(1)
    })
  })

  describe('Arabic (proclitics and the article)', () => {
    it('finds names after و and other one-letter proclitics', () => {
      // و+نون, و+أمازون, ب+أمازون, لل(ل+ال)+أمازون -> نون 1, أمازون 3
      expect(countAllMentions('ونون وأمازون. بأمازون وللأمازون', [b('نون'), b('أمازون')])).toEqual({ نون: 1, أمازون: 3 })
    })

    it('finds a name that starts with ال after ب and ل (written لل)', () => {
      // ب+الراجحي, ل+(ا)لراجحي written للراجحي, و+الراجحي -> 3
      expect(countMentions('بالراجحي وللراجحي والراجحي', b('الراجحي'))).toBe(3)
    })

    it('does not find a name inside another word', () => {
      // مكنون: مك is not a proclitic; نونية: letters follow -> 0
      expect(countMentions('مكنون نونية', b('نون'))).toBe(0)
    })
  })

  describe('whole-word scripts', () => {
    it('Hindi (Devanagari): whole words only', () => {
      // टाटा once; टाटाजी is another word
      expect(countMentions('टाटा एक विश्वसनीय ब्रांड है। टाटाजी नहीं।', b('टाटा'))).toBe(1)
    })

    it('Russian (Cyrillic): whole words only, case endings are other words', () => {
      expect(countMentions('Самсунг и Самсунгом', b('Самсунг'))).toBe(1)
    })

    it('Turkish: an apostrophe suffix is a boundary, a glued suffix is not', () => {
      // Arçelik'in -> 1; Arçelikler -> 0
      expect(countMentions("Arçelik'in ürünleri ve Arçelikler", b('Arçelik'))).toBe(1)
    })

    it('German: hyphenated compounds count, glued compounds do not', () => {
      expect(countMentions('Siemens-Geräte und Siemensstadt', b('Siemens'))).toBe(1)
    })

    it('Polish: inflected forms are other words', () => {
      expect(countMentions('Allegro i Allegrze', b('Allegro'))).toBe(1)
    })
  })

  it('scans a brand set in one pass with the same result as brand by brand', () => {
    // Nike's match at 0 fails its right boundary (l follows): the scan must still try
    // Nikeland at the same place -> Nike 1 (the lone one), Nikeland 1
    expect(countAllMentions('Nikeland Nike', [b('Nike'), b('Nikeland')])).toEqual({ Nike: 1, Nikeland: 1 })
    const brands = [b('Nike'), b('Adidas', 'アディダス'), b('小米'), b('삼성'), b('أمازون'), b('Puma')]
    const text = 'Nike、アディダスと小米。삼성은 좋다. وأمازون Puma-made Pumas 小米之家'
    const all = findAllBrandSpans(brands, text)
    brands.forEach((x, i) => expect(all[i]).toEqual(findBrandSpans(x, text)))
    // Nike, アディダス, 小米 x2, 삼성(은), (و)أمازون, Puma(-made); "Pumas" is another word
    expect(all.map((s) => s.length / 2)).toEqual([1, 1, 2, 1, 1, 1])
  })

  it('knows which names can overlap in a text', () => {
    expect(namesCouldOverlap('nike', 'nikeland')).toBe(false) // a Latin letter follows Nike inside it
    expect(namesCouldOverlap('apple', 'apple music')).toBe(true)
    expect(namesCouldOverlap('京东', '京东商城')).toBe(true)
    expect(namesCouldOverlap('小米', '米家')).toBe(true) // 小米家
    expect(namesCouldOverlap('sony', 'sonyストア')).toBe(true) // a change of script is a boundary
  })

  it('reads Korean particle runs', () => {
    expect(isParticleRun('는')).toBe(true)
    expect(isParticleRun('에서도')).toBe(true) // 에서 + 도
    expect(isParticleRun('입니다')).toBe(true)
    expect(isParticleRun('생명은')).toBe(false)
    expect(isParticleRun('')).toBe(false)
  })

  it('ignores sources sections headed in other languages', () => {
    // the mentions under 出典： / Źródła: / 来源 are not counted; "来源于..." is prose
    expect(countMentions('ナイキは人気。\n\n出典：\n1. ナイキ公式サイト', b('ナイキ'))).toBe(1)
    expect(countMentions('Nike jest popularny.\n**Źródła:**\n- Nike', b('Nike'))).toBe(1)
    expect(countMentions('来源于小米的数据\n小米', b('小米'))).toBe(2)
  })

  it('splits Chinese and Japanese sentences at 。！？ without a following space', () => {
    expect(splitSentences('小米很好。华为呢？好！')).toEqual(['小米很好。', '华为呢？', '好！'])
    expect(splitSentences('टाटा अच्छा है। टाटा महंगा है।')).toEqual(['टाटा अच्छा है।', 'टाटा महंगा है।'])
  })
})

describe('sentiment per language', () => {
  it('Japanese: one positive, one negative and one neutral sentence', () => {
    // 優秀 +1 | 割高 -1 | nothing: 1/1/1 sentences -> 33.3% each, the extra point to the
    // first largest remainder (positive): 34/33/33; total 0 -> score 0, neutral
    const r = brandSentiment('ユニクロは優秀です。ユニクロは割高です。ユニクロは東京にあります。', b('ユニクロ'), 'ja')
    expect(r).toMatchObject({ positive: 34, neutral: 33, negative: 33, mentions: 3, totalScore: 0, score: 0, label: 'neutral' })
    expect(r.positiveWords).toEqual(['優秀'])
    expect(r.negativeWords).toEqual(['割高'])
  })

  it('Japanese: a text that lower-casing lengthens (the Turkish İ) is scored to its end, and a sentence read in place the same', () => {
    const ja = lexiconFor(sentimentLanguage('ja').lexicon)!
    expect(ja.score('とても優秀')).toEqual({ score: 1, positive: ['優秀'], negative: [] })
    expect(ja.score('İとても優秀')).toEqual({ score: 1, positive: ['優秀'], negative: [] })
    const text = 'İstanbulの店。ユニクロは優秀です。'
    const lower = text.toLowerCase()
    const from = lower.indexOf('ユ')
    expect(ja.scoreLowered!(lower, from, lower.length)).toEqual(ja.score(text.slice(text.indexOf('ユ'))))
    expect(brandSentiment(text, b('ユニクロ'), 'ja')).toMatchObject({ positiveWords: ['優秀'], mentions: 1, totalScore: 1 })
  })

  it('Chinese (Simplified): words found without spaces', () => {
    // 可靠 +1 | 昂贵 -1, 问题 -1 -> 1 positive, 1 negative; total -1 over 2 -> -0.5
    const r = brandSentiment('小米的质量很可靠。小米价格昂贵，而且有问题。', b('小米'), 'zh-CN')
    expect(r).toMatchObject({ positive: 50, neutral: 0, negative: 50, totalScore: -1, score: -0.5, label: 'negative' })
    expect(r.negativeWords).toEqual(['昂贵', '问题'])
  })

  it('Chinese (Traditional): the Simplified list converted, longest word first', () => {
    // 廣受好評 +1 (not 好評 inside it) | 價格偏高 -1
    const r = brandSentiment('華為的手機廣受好評。華為價格偏高。', b('華為'), 'zh-TW')
    expect(r).toMatchObject({ positive: 50, negative: 50, totalScore: 0 })
    expect(r.positiveWords).toEqual(['廣受好評'])
    expect(r.negativeWords).toEqual(['價格偏高'])
  })

  it('Korean: words carrying particles count', () => {
    // 훌륭합니다 +1 | 문제+가 -1
    const r = brandSentiment('삼성의 제품은 훌륭합니다. 삼성은 문제가 있다.', b('삼성'), 'ko')
    expect(r).toMatchObject({ positive: 50, negative: 50, totalScore: 0 })
    expect(r.negativeWords).toEqual(['문제가'])
  })

  it('Thai: one sentence (no full stops), one positive and one negative word', () => {
    // ได้รับความนิยม +1, ราคาแพง -1 -> score 0 -> the one sentence is neutral
    const r = brandSentiment('ซัมซุงได้รับความนิยม แต่ราคาแพง', b('ซัมซุง'), 'th')
    expect(r).toMatchObject({ positive: 0, neutral: 100, negative: 0, mentions: 1 })
    expect(r.positiveWords).toEqual(['ได้รับความนิยม'])
    expect(r.negativeWords).toEqual(['ราคาแพง'])
  })

  it('Arabic: words with proclitics and the article count', () => {
    // ممتازة +1 | مشاكل -1 | و+ال+أفضل +1
    const r = brandSentiment('أمازون ممتازة. أمازون فيها مشاكل. نون وأمازون والأفضل', b('أمازون'), 'ar')
    expect(r).toMatchObject({ positive: 67, negative: 33, totalScore: 1 })
    expect(r.positiveWords).toEqual(['ممتازة', 'والأفضل'])
  })

  it.each([
    ['hi', 'टाटा विश्वसनीय है। टाटा महंगा है।', 'टाटा', 'विश्वसनीय', 'महंगा'],
    ['ru', 'Самсунг — отличный бренд. Самсунг дорогой.', 'Самсунг', 'отличный', 'дорогой'],
    ['tr', 'Arçelik güvenilir. Arçelik pahalı.', 'Arçelik', 'güvenilir', 'pahalı'],
    ['de', 'Siemens ist zuverlässig. Siemens ist teuer.', 'Siemens', 'zuverlässig', 'teuer'],
    ['pl', 'Allegro jest popularny. Allegro jest drogi.', 'Allegro', 'popularny', 'drogi'],
  ])('%s: one positive and one negative sentence', (lang, text, name, pos, neg) => {
    // one +1 sentence, one -1 sentence -> 50/0/50, total 0. "teuer", "drogi" and
    // "дорогой" (expensive) are negative although the translated list has them positive.
    const r = brandSentiment(text, b(name), lang)
    expect(r).toMatchObject({ positive: 50, neutral: 0, negative: 50, totalScore: 0, positiveWords: [pos], negativeWords: [neg] })
  })

  it.each([
    ['es', 'Zara es excelente. Zara es caro.', 'Zara', 'excelente', 'caro'],
    ['pt-BR', 'O Nubank é excelente. O Nubank é caro.', 'Nubank', 'excelente', 'caro'],
    ['fr', 'Dior est excellent. Dior est cher.', 'Dior', 'excellent', 'cher'],
    ['uk', 'Rozetka — чудовий магазин. Rozetka дорогий.', 'Rozetka', 'чудовий', 'дорогий'],
    ['it', 'Gucci è eccellente. Gucci è caro.', 'Gucci', 'eccellente', 'caro'],
  ])('%s: "expensive" is negative (the translated list scores it positive)', (lang, text, name, pos, neg) => {
    // sentence 1: one positive word, +1; sentence 2: "caro"/"cher"/"дорогий" (expensive), -1
    // -> 1 positive and 1 negative sentence of 2: 50/0/50, total +1 - 1 = 0
    const r = brandSentiment(text, b(name), lang)
    expect(r).toMatchObject({ positive: 50, neutral: 0, negative: 50, totalScore: 0, positiveWords: [pos], negativeWords: [neg] })
  })

  it('Chinese: 很好 (very good) and 很差 (very bad) count, in Simplified and Traditional', () => {
    // 很好 +1 -> the one sentence is positive: 100/0/0, total 1, score 1
    expect(brandSentiment('華為手機很好。', b('華為'), 'zh-TW')).toMatchObject({ positive: 100, neutral: 0, negative: 0, totalScore: 1, score: 1, label: 'positive', positiveWords: ['很好'] })
    // 很好 +1 | 很差 -1 -> 50/0/50, total 0
    const r = brandSentiment('小米手机很好。小米手机很差。', b('小米'), 'zh-CN')
    expect(r).toMatchObject({ positive: 50, neutral: 0, negative: 50, totalScore: 0, positiveWords: ['很好'], negativeWords: ['很差'] })
    // 很不好: 不好 -1 (很好 is not inside it) -> negative
    expect(brandSentiment('小米手机很不好。', b('小米'), 'zh-CN')).toMatchObject({ negative: 100, totalScore: -1, negativeWords: ['不好'] })
  })

  it('English is unchanged and the default', () => {
    expect(brandSentiment('Nike is excellent.', b('Nike')).positive).toBe(100)
    expect(brandSentiment('Nike is excellent.', b('Nike'), 'en-US').positive).toBe(100)
  })

  it('every setup language has a word list', () => {
    for (const code of ['en-GB', 'en-US', 'zh-CN', 'zh-TW', 'es', 'hi', 'ar', 'pt-BR', 'pt-PT', 'bn', 'ru', 'ja', 'pa', 'de', 'jv', 'ko', 'fr', 'te', 'mr', 'tr', 'ta', 'vi', 'ur', 'it', 'th', 'gu', 'pl', 'uk', 'ml', 'nl']) {
      expect(sentimentLanguage(code).available, code).toBe(true)
    }
    expect(sentimentLanguage('ja').name).toBe('Japanese')
  })
})

describe('sentiment not available', () => {
  const brands = [{ ...b('Safaricom'), isOwn: true }, b('Airtel')]
  const answer = (text: string, extra: Partial<AnswerForMetrics> = {}): AnswerForMetrics => ({ modelId: 8, queryIndex: 0, query: 'q', sample: 1, text, ok: true, ...extra })

  it('a language without a word list: nothing measured, and the aggregate says so', () => {
    const p = parseAnswer('1. Safaricom ni nzuri. 2. Airtel', brands, 'sw')
    expect(p.mentions).toEqual({ Safaricom: 1, Airtel: 1 })
    expect(p.sentiment.Safaricom).toMatchObject({ available: false, mentions: 0, neutral: 0 })
    const m = aggregateAnalysis([answer('1. Safaricom ni nzuri. 2. Airtel')], brands, { language: 'sw' })
    expect(m.sentimentLanguage).toEqual({ code: 'sw', name: 'sw', available: false })
    // no sentence is counted as neutral
    expect(m.byBrand.Safaricom.sentiment).toMatchObject({ mentions: 0, neutral: 0 })
    expect(m.byBrand.Safaricom.mentions.total).toBe(1)
    // the screens get the language name instead of a 0 % / 100 % neutral split
    expect(sentimentView(m).sentimentUnavailable).toBe('sw')
    expect(overviewView(m).sentimentUnavailable).toBe('sw')
    expect(sentimentDetailView(m, null, 'all').sentimentUnavailable).toBe('sw')
  })

  it('stored results scored with the English list are not passed off as Japanese sentiment', () => {
    const stored = parseAnswer('Safaricom is excellent.', brands) // English list, no language mark
    const m = aggregateAnalysis([answer('x', { mentions: stored.mentions, rankings: stored.rankings, sentiment: stored.sentiment })], brands, { language: 'ja' })
    expect(m.sentimentLanguage).toMatchObject({ name: 'Japanese', available: false })
  })

  it('a measured language is reported available', () => {
    const m = aggregateAnalysis([answer('ソニーは優秀です。')], [{ ...b('ソニー'), isOwn: true }], { language: 'ja' })
    expect(m.sentimentLanguage).toMatchObject({ code: 'ja', name: 'Japanese', available: true })
    expect(m.byBrand['ソニー'].sentiment).toMatchObject({ positive: 100, mentions: 1 })
    expect(sentimentView(m).sentimentUnavailable).toBeNull()
  })
})
