/**
 * 95 % Wilson intervals and rank spreads against examples worked out by hand (z = 1.959964, z² = 3.841459).
 * Wilson: centre = (p + z²/2n) / (1 + z²/n), half = z / (1 + z²/n) × √(p(1 − p)/n + z²/4n²).
 */
import { formatInterval, rankCiText, rankSpread, rateCi, wilson } from './intervals'

describe('wilson (95 %)', () => {
  it('10 of 25 (Brooks’s mention share in the hand-worked analysis) -> 23.4 % to 59.3 %', () => {
    // p = .4; 1 + z²/n = 1.1536584; centre = (.4 + .0768292) / 1.1536584 = .4133203
    // half = 1.6989118 × √(.0096 + .0015366) = 1.6989118 × .1055300 = .1792864 -> .2340339 .. .5926067
    expect(wilson(10, 25)).toEqual({ low: 23.4, high: 59.3 })
  })
  it('6 of 14 (Brooks’s share of Claude’s mentions) -> 21.4 % to 67.4 %', () => {
    // p = .4285714; denom = 1.2743899; centre = (.4285714 + .1371950) / 1.2743899 = .4438443
    // half = 1.5379498 × √(.0174927 + .0048997) = 1.5379498 × .1496410 = .2301403 -> .2137040 .. .6739846
    expect(wilson(6, 14)).toEqual({ low: 21.4, high: 67.4 })
  })
  it('2 of 6 models (a visibility of 33 %) -> 9.7 % to 70.0 %', () => {
    // p = 1/3; denom = 1.6402432; centre = (.3333333 + .3201216) / 1.6402432 = .3983640
    // half = 1.1949055 × √(.0370370 + .0266774) = 1.1949055 × .2524171 = .3016124 -> .0967516 .. .7000764
    expect(wilson(2, 6)).toEqual({ low: 9.7, high: 70 })
  })
  it('3 of 10 -> 10.8 % to 60.3 % (the trends example)', () => {
    expect(wilson(3, 10)).toEqual({ low: 10.8, high: 60.3 })
  })
  it('0 of 20 -> 0 % to 16.1 %: the lower end stays at 0', () => {
    // p = 0: centre = half = .0960365 / 1.1920730 = .0805628 -> high .1611256
    expect(wilson(0, 20)).toEqual({ low: 0, high: 16.1 })
  })
  it('6 of 6 -> 61.0 % to 100 %: the upper end stays at 100', () => {
    // p = 1; denom = 1.6402432; centre = (1 + .3201216) / 1.6402432 = .8048222; half = 1.1949055 × √(.0266774) = .1951664
    expect(wilson(6, 6)).toEqual({ low: 61, high: 100 })
  })
  it('one answer says little: 1 of 1 -> 20.7 % to 100 %', () => {
    // denom = 4.841459; centre = (1 + 1.9207295) / 4.841459 = .6032717; half = .4048281 × √.9603648 = .3967235
    expect(wilson(1, 1)).toEqual({ low: 20.7, high: 100 })
  })
  it('no interval without trials', () => {
    expect(wilson(0, 0)).toBeNull()
    expect(rateCi(0, 0)).toEqual({ x: 0, n: 0, ci: null })
    expect(formatInterval(null)).toBe('no interval (n = 0)')
  })
  it('rateCi keeps x and n beside the interval', () => {
    expect(rateCi(10, 25)).toEqual({ x: 10, n: 25, ci: { low: 23.4, high: 59.3 } })
    expect(formatInterval({ low: 23.4, high: 59.3 })).toBe('23.4–59.3%')
  })
})

describe('rank spread', () => {
  it('Brooks on Claude: ranks 1 and 2 -> n 2, 1–2, SD 0.71', () => {
    // mean 1.5; squares .25 + .25 = .5; / (2 − 1) = .5; √.5 = .7071
    expect(rankSpread([1, 2])).toEqual({ n: 2, min: 1, max: 2, sd: 0.71 })
  })
  it('Brooks on ChatGPT: ranks 2, 1, 2 -> n 3, 1–2, SD 0.58', () => {
    // mean 5/3; squares 1/9 + 4/9 + 1/9 = 2/3; / 2 = 1/3; √(1/3) = .5774
    expect(rankSpread([2, 1, 2])).toEqual({ n: 3, min: 1, max: 2, sd: 0.58 })
  })
  it('one rank has no SD; no ranks, no spread; zeros are not ranks', () => {
    expect(rankSpread([3])).toEqual({ n: 1, min: 3, max: 3, sd: null })
    expect(rankSpread([])).toBeNull()
    expect(rankSpread([0, 4, 4])).toEqual({ n: 2, min: 4, max: 4, sd: 0 })
  })
  it('writes a spread as the screens do', () => {
    expect(rankCiText({ n: 3, min: 1, max: 2, sd: 0.58 })).toBe('n=3 · 1–2 · SD 0.58')
    expect(rankCiText({ n: 1, min: 3, max: 3, sd: null })).toBe('n=1')
    expect(rankCiText(null)).toBe('n=0')
  })
})
