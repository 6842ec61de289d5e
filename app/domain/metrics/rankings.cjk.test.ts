import { describe, expect, it } from 'vitest'
import type { BrandDef } from './brands'
import { parseRankings } from './rankings'

const b = (name: string): BrandDef => ({ name, alternativeNames: [], domains: [] })
const brands = ['ユニクロ', 'ソニー', 'パナソニック', '小米', '华为', 'OPPO', '삼성', '현대', 'LG'].map(b)

describe('spec rules: rank markers of Japanese, Chinese and Korean answers', () => {
  it.each([
    ['1位', '1位 ユニクロ\n2位 ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['【1位】', '【1位】ユニクロ\n【2位】ソニー\n【3位】パナソニック', { ユニクロ: 1, ソニー: 2, パナソニック: 3 }],
    ['第1位', '第1位：ユニクロ\n第2位：ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['**1位:**', '**1位:** ユニクロ\n**2位:** ソニー', { ユニクロ: 1, ソニー: 2 }],
    // a tie: the same rank for both
    ['1位タイ', '1位タイ：ユニクロ\n1位タイ：ソニー\n3位：パナソニック', { ユニクロ: 1, ソニー: 1, パナソニック: 3 }],
    ['同率1位', '同率1位：ユニクロ、ソニー\n3位：パナソニック', { ユニクロ: 1, ソニー: 1, パナソニック: 3 }],
    ['No.1', 'No.1 ユニクロ\nNo.2 ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['その1', 'その1：ユニクロ\nその2：ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['1つ目', '1つ目：ユニクロ\n2つ目：ソニー', { ユニクロ: 1, ソニー: 2 }],
    ['第一名', '第一名：小米\n第二名：华为\n第三名：OPPO', { 小米: 1, 华为: 2, OPPO: 3 }],
    ['TOP1', 'TOP1：小米\nTOP2：华为', { 小米: 1, 华为: 2 }],
    ['Top 1', 'Top 1: 小米\nTop 2: 华为', { 小米: 1, 华为: 2 }],
    ['1위', '1위: 삼성\n2위 현대', { 삼성: 1, 현대: 2 }],
    ['1순위', '1순위: 삼성\n2순위: 현대', { 삼성: 1, 현대: 2 }],
  ])('%s', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  it('"Top 10" in a title is not a marker', () => {
    expect(parseRankings('## Top 10 スマホ 小米\nTop 3 brands like 华为 lead.', brands)).toEqual({})
  })
})

describe('spec rules: ranking tables of CJK answers', () => {
  it.each([
    ['順位', '| 順位 | ブランド | 特徴 |\n|---|---|---|\n| 1 | ユニクロ | 安い |\n| 2 | ソニー | 高品質 |', { ユニクロ: 1, ソニー: 2 }],
    ['ランキング', '| ランキング | ブランド |\n|---|---|\n| 1位 | ユニクロ |\n| 2位 | ソニー |', { ユニクロ: 1, ソニー: 2 }],
    ['排名', '| 排名 | 品牌 |\n|:-:|---|\n| 1 | 华为 |\n| 2 | 小米 |', { 华为: 1, 小米: 2 }],
    ['名次', '| 名次 | 品牌 |\n|---|---|\n| 第1名 | 小米 |\n| 第2名 | 华为 |', { 小米: 1, 华为: 2 }],
    ['순위', '| 순위 | 브랜드 |\n|---|---|\n| 1 | 삼성 |\n| 2 | 현대 |', { 삼성: 1, 현대: 2 }],
  ])('a rank column headed %s', (_v, t, expected) => {
    expect(parseRankings(t, brands)).toEqual(expected)
  })

  it('columns that are the ranks: a brand takes the rank of the first column it appears in', () => {
    const t = '| 用途 | 1位 | 2位 | 3位 |\n|---|---|---|---|\n| 通勤 | ソニー | パナソニック | ユニクロ |\n| 旅行 | ユニクロ | ソニー | パナソニック |'
    // ソニー: 1位 (row 1); ユニクロ: 3位 in row 1 but 1位 in row 2 -> 1; パナソニック: 2位 (row 1)
    expect(parseRankings(t, brands)).toEqual({ ソニー: 1, ユニクロ: 1, パナソニック: 2 })
    expect(parseRankings('| 第1名 | 第2名 | 第3名 |\n|---|---|---|\n| 小米 | 华为 | OPPO |', brands)).toEqual({ 小米: 1, 华为: 2, OPPO: 3 })
  })

  it('a table of years is not a column-rank table', () => {
    expect(parseRankings('| ブランド | 2023 | 2024 |\n|---|---|---|\n| ユニクロ | 1 | 2 |', brands)).toEqual({})
  })
})

describe('spec rules: document structure is not a rank', () => {
  it.each([
    ['decimal section numbers', '## 2.1 ユニクロの強み\n## 2.2 ソニーの強み\n2-1. ユニクロ\n2-2. ソニー'],
    ['chapter headings', '第1章 ユニクロ\n第2章 ソニー\n## 第3節 パナソニック\n제1장 삼성'],
    ['パート1', 'パート1 ユニクロ\nパート2 ソニー'],
  ])('%s', (_v, t) => {
    expect(parseRankings(t, brands)).toEqual({})
  })

  it('numbered "##" sections of a report that hold their own ranking: the ranks come from inside', () => {
    const t =
      '## 1. 市場概況\nパナソニックは老舗です。\n\n## 2. おすすめランキング\n1位：ソニー\n2位：ユニクロ\n\n### 2.1 補足\n価格はパナソニックが高め。\n\n## 3. 結論\nユニクロが手頃。'
    // "## 1." and "## 3." are section numbers: パナソニック (prose under 1) and ユニクロ under 3 are not ranked by them
    expect(parseRankings(t, brands)).toEqual({ ソニー: 1, ユニクロ: 2 })
  })

  it('a numbered "##" heading that names a brand on its own line still ranks it, in a report too', () => {
    const t = '## 1. ソニー\n- 音質が良い\n  1. WH-1000XM5\n## 2. パナソニック\n価格が安い。'
    expect(parseRankings(t, brands)).toEqual({ ソニー: 1, パナソニック: 2 })
  })

  it('numbered "##" headers with prose beneath and no inner ranking rank the first brand beneath (the numbered-header rule)', () => {
    expect(parseRankings('## 1. 初心者向け\nユニクロが良い。ソニーも。\n## 2. 上級者向け\nパナソニック。', brands)).toEqual({ ユニクロ: 1, パナソニック: 2 })
  })
})
