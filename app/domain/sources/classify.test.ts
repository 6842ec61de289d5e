import { describe, expect, it } from 'vitest'
import type { BrandDef } from '../metrics/brands'
import { aggregateSites, classifySource, domainMatches, nameMatchesDomain, normaliseDomain, queryCoverage } from './classify'

describe('normaliseDomain', () => {
  it.each([
    ['https://www.nike.com/running?x=1', 'nike.com'],
    ['http://NIKE.com', 'nike.com'],
    ['https://news.blog.nike.com/a', 'nike.com'],
    ['www.nike.com', 'nike.com'],
    ['nike.com/path', 'nike.com'],
    ['//cdn.nike.com/x.js', 'nike.com'],
    ['https://www.bbc.co.uk/news', 'bbc.co.uk'],
    ['https://shop.nike.co.uk', 'nike.co.uk'],
    ['https://www.runnersworld.com.au/a', 'runnersworld.com.au'],
    ['https://www.asics.co.jp', 'asics.co.jp'],
    ['https://www.reclameaqui.com.br', 'reclameaqui.com.br'],
    ['https://nike.com.:443/', 'nike.com'],
    ['https://t.co/abc', 't.co'],
    ['https://sub.example.de', 'example.de'],
    // Public Suffix List, private section: each user's site is its own registrable domain.
    ['https://alice.github.io/post', 'alice.github.io'],
    ['https://github.io/', null],
    ['https://my-runs.blogspot.com/2024/01/x.html', 'my-runs.blogspot.com'],
    ['https://www.abc.net.au/news', 'abc.net.au'],
    ['https://news.gov.uk', 'news.gov.uk'],
    // IDN: kept in the ASCII form the URL parser gives.
    ['https://www.münchen.de/rathaus', 'xn--mnchen-3ya.de'],
    ['https://xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
  ] as [string, string | null][])('%s -> %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected)
  })

  it.each([
    ['dotless host', 'https://localhost/x'],
    ['dotless bare', 'intranet'],
    ['public suffix only', 'https://co.uk'],
    ['public suffix only with www', 'www.com.au'],
    ['single label tld', 'com'],
    ['invalid URL', 'https://exa mple.com'],
    ['empty', ''],
    ['ftp scheme', 'ftp://files.nike.com/a'],
    ['mailto', 'mailto:info@nike.com'],
    ['javascript', 'javascript:alert(1)'],
    ['IPv4', 'http://192.168.0.1/'],
    ['IPv6', 'http://[::1]/'],
    ['reserved tld', 'http://printer.local'],
    ['numeric tld', 'http://nike.123'],
  ])('%s -> null', (_label, input) => {
    expect(normaliseDomain(input)).toBeNull()
  })
})

const own: BrandDef = { name: 'Brooks Running', alternativeNames: ['Brooks'], domains: ['brooksrunning.com', 'https://www.brooks.co.uk'], isOwn: true }
const nike: BrandDef = { name: 'Nike', alternativeNames: [], domains: ['nike.com'] }
const newBalance: BrandDef = { name: 'New Balance', alternativeNames: ['NB'], domains: [] }
const on: BrandDef = { name: 'On', alternativeNames: [], domains: [] }
const competitors = [nike, newBalance, on]

describe('domainMatches (Owned rules)', () => {
  it('equal', () => expect(domainMatches('brooksrunning.com', 'brooksrunning.com')).toBe(true))
  it('subdomain (either way)', () => {
    expect(domainMatches('shop.brooksrunning.com', 'brooksrunning.com')).toBe(true)
    expect(domainMatches('brooksrunning.com', 'eu.brooksrunning.com')).toBe(true)
  })
  it('same registrable domain (last two labels, three for co.uk)', () => {
    expect(domainMatches('a.nike.com', 'b.nike.com')).toBe(true)
    expect(domainMatches('bbc.co.uk', 'brooks.co.uk')).toBe(false)
  })
  it('substring when both are at least 4 characters', () => {
    expect(domainMatches('nike.com.au', 'nike.com')).toBe(true)
    expect(domainMatches('mynike.com', 'nike.com')).toBe(true)
    expect(domainMatches('nike.com', 'nike')).toBe(true) // a brand name stored as brand domain
    expect(domainMatches('hp.com', 'hp')).toBe(false) // 'hp' is shorter than 4
  })
  it('no match otherwise', () => expect(domainMatches('adidas.com', 'nike.com')).toBe(false))
})

describe('nameMatchesDomain (Competitor name rule)', () => {
  it('letters and digits of the name at the domain start or after a dot', () => {
    expect(nameMatchesDomain('newbalance.co.uk', 'New Balance')).toBe(true)
    expect(nameMatchesDomain('shop.newbalance.com', 'New Balance')).toBe(true) // normalised to newbalance.com
    expect(nameMatchesDomain('runnersworld.newbalance.example.org', 'New Balance')).toBe(false) // normalised: example.org
    expect(nameMatchesDomain('thenewbalance.com', 'New Balance')).toBe(false) // not at start / after dot
    expect(nameMatchesDomain('nestle.com', 'Nestlé')).toBe(true)
  })
  it('needs at least 3 characters', () => {
    expect(nameMatchesDomain('on.com', 'On')).toBe(false)
    expect(nameMatchesDomain('3mcompany.com', '3M!')).toBe(false)
  })
})

describe('classifySource', () => {
  it('Owned: own domains by equal, subdomain, registrable or substring match', () => {
    expect(classifySource('brooksrunning.com', own, competitors)).toBe('Owned')
    expect(classifySource('blog.brooksrunning.com', own, competitors)).toBe('Owned')
    expect(classifySource('brooks.co.uk', own, competitors)).toBe('Owned')
    expect(classifySource('https://www.brooks.co.uk/shoes', own, competitors)).toBe('Owned')
  })

  it('Owned: own name rule when no domain is configured', () => {
    const bare: BrandDef = { name: 'Hoka', alternativeNames: [], domains: [], isOwn: true }
    expect(classifySource('hoka.com', bare, competitors)).toBe('Owned')
  })

  it('Competitor: competitor domains', () => {
    expect(classifySource('nike.com', own, competitors)).toBe('Competitor')
    expect(classifySource('about.nike.com', own, competitors)).toBe('Competitor')
  })

  it('Competitor: competitor name at domain start or after a dot', () => {
    expect(classifySource('newbalance.com', own, competitors)).toBe('Competitor')
    expect(classifySource('nike-store.co.uk', own, competitors)).toBe('Competitor') // name rule: "nike" at the start
  })

  it('Earned otherwise, including short names that cannot match', () => {
    expect(classifySource('runnersworld.com', own, competitors)).toBe('Earned')
    expect(classifySource('on-running.com', own, competitors)).toBe('Earned') // "On" is under 3 characters
    expect(classifySource('', own, competitors)).toBe('Earned')
  })

  it('own brand wins when both match', () => {
    const rival: BrandDef = { name: 'Brooks Running Club', alternativeNames: [], domains: ['brooksrunning.com'] }
    expect(classifySource('brooksrunning.com', own, [rival])).toBe('Owned')
  })
})

describe('aggregateSites', () => {
  it('counts citations per domain and model, deduplicating a URL within one answer', () => {
    const rows = aggregateSites(
      [
        { url: 'https://www.nike.com/a', title: 'Nike A', modelId: 3, queryIndex: 0 },
        { url: 'https://www.nike.com/a', title: 'Nike A', modelId: 3, queryIndex: 0 }, // duplicate in same answer
        { url: 'https://nike.com/b', modelId: 5, queryIndex: 1 },
        { url: 'https://runnersworld.com/x', modelId: 3, queryIndex: 1 },
        { url: 'ftp://nike.com/c', modelId: 3, queryIndex: 2 }, // invalid scheme, skipped
      ],
      own,
      competitors,
    )
    expect(rows.map((r) => [r.domain, r.type, r.totalMentions])).toEqual([
      ['nike.com', 'Competitor', 2],
      ['runnersworld.com', 'Earned', 1],
    ])
    expect(rows[0]).toMatchObject({
      siteName: 'Nike',
      mentionsByModel: { 3: 1, 5: 1 },
      queriesByModel: { 3: [0], 5: [1] },
      queries: [0, 1],
      urls: ['https://www.nike.com/a', 'https://nike.com/b'],
      titles: ['Nike A'],
    })
  })

  it('queryCoverage gives cited/total with a rounded percent', () => {
    expect(queryCoverage(1, 3)).toEqual({ cited: 1, total: 3, percent: 33 })
    expect(queryCoverage(0, 0)).toEqual({ cited: 0, total: 0, percent: 0 })
  })
})
