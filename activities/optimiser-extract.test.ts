import { describe, expect, it } from 'vitest'
import { extractPage, robotsAllows } from './optimiser-extract'

const para = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `${topic} matters for runners who train often, point ${i + 1}.`).join(' ')

/** A real-world-shaped page: navigation, cookie banner, sidebar, footer around the article. */
const PAGE = `<!doctype html><html lang="en"><head>
<title>Best running shoes for beginners (2026) | Shoe Shop</title>
<meta name="robots" content="index, follow">
<link rel="canonical" href="https://shop.example/guides/beginners">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Best running shoes"}</script>
<script>window.dataLayer=[]</script>
</head><body>
<header><nav class="menu"><a href="/">Home</a> <a href="/men">Men</a> <a href="/women">Women</a> <a href="/sale">Sale</a></nav></header>
<div id="cookie-banner" class="cookie-consent">We use cookies to improve your experience. <button>Accept all</button> <button>Reject</button></div>
<main><article>
<h1>Best running shoes for beginners</h1>
<p class="byline">By Ana Smith, updated 12 March 2026</p>
<p>${para('Cushioning', 6)}</p>
<h2>How to choose</h2>
<p>${para('Fit', 5)} Read <a href="https://www.runnersworld.com/gear">Runner's World</a> for lab tests.</p>
<img src="/img/ghost.jpg" alt="Brooks Ghost side view">
<h2>Comparison</h2>
<table><thead><tr><th>Shoe</th><th>Drop</th><th>Price</th></tr></thead><tbody><tr><td>Brooks Ghost 16</td><td>12 mm</td><td>£130</td></tr><tr><td>Asics Novablast</td><td>8 mm</td><td>£125</td></tr></tbody></table>
<ul><li>Buy half a size up</li><li>Replace every 500 miles</li></ul>
</article></main>
<aside class="sidebar"><h3>Newsletter</h3><p>Sign up for deals</p></aside>
<footer><p>© 2026 Shoe Shop Ltd · Privacy · Terms · Cookie settings</p></footer>
</body></html>`

describe('extraction from real-world-shaped HTML', () => {
  const page = extractPage({ html: PAGE, url: 'https://shop.example/guides/beginners', headers: {}, robots: 'User-agent: GPTBot\nDisallow: /guides/\n\nUser-agent: *\nAllow: /\n' })

  it('keeps the article and drops navigation, cookie banner and footer', () => {
    expect(page.fullContent).toContain('# Best running shoes for beginners')
    expect(page.fullContent).toContain('## How to choose')
    expect(page.fullContent).not.toMatch(/Accept all|We use cookies/)
    expect(page.fullContent).not.toMatch(/Privacy · Terms|© 2026 Shoe Shop/)
    expect(page.fullContent).not.toMatch(/\bSale\b|Women/)
    expect(page.title).toBe('Best running shoes for beginners (2026) | Shoe Shop')
  })

  it('keeps lists, tables, images with alt text and links as markdown', () => {
    expect(page.fullContent).toContain('| Brooks Ghost 16 | 12 mm | £130 |')
    expect(page.fullContent).toContain('![Brooks Ghost side view](https://shop.example/img/ghost.jpg)')
    expect(page.fullContent).toContain('- Buy half a size up')
    expect(page.fullContent).toContain("[Runner's World](https://www.runnersworld.com/gear)")
    expect(page.counts).toMatchObject({ images: 1, imagesWithAlt: 1, tables: 1, lists: 1, outboundLinks: 1 })
  })

  it('measures the crawlability facts with their evidence', () => {
    const fact = Object.fromEntries(page.facts.map((f) => [f.id, f]))
    expect(fact['robots-ai-crawlers'].status).toBe('fail')
    expect(fact['robots-ai-crawlers'].evidence).toContain('GPTBot: blocked (User-agent: GPTBot → Disallow: /guides/)')
    expect(fact['robots-ai-crawlers'].evidence).toContain('ClaudeBot: allowed')
    expect(fact['meta-robots']).toMatchObject({ status: 'pass', evidence: 'meta robots="index, follow"' })
    expect(fact.canonical).toMatchObject({ status: 'pass', evidence: 'canonical https://shop.example/guides/beginners (this page)' })
    expect(fact['structured-data']).toMatchObject({ status: 'pass', evidence: '1 JSON-LD block(s) (Article)' })
    expect(fact['server-text'].status).toBe('pass')
    expect(fact['heading-structure'].status).toBe('pass')
  })

  it('reports a JavaScript-only page, noindex and a foreign canonical', () => {
    const spa = extractPage({
      html: '<html><head><meta name="robots" content="noindex"><link rel="canonical" href="https://other.example/"><script type="application/ld+json">{broken</script></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
      url: 'https://spa.example/page',
      headers: { 'x-robots-tag': 'noarchive' },
      robots: null,
    })
    const fact = Object.fromEntries(spa.facts.map((f) => [f.id, f]))
    expect(fact['server-text'].status).toBe('fail')
    expect(fact['meta-robots'].status).toBe('fail')
    expect(fact['meta-robots'].evidence).toBe('meta robots="noindex"; X-Robots-Tag: noarchive')
    expect(fact.canonical.status).toBe('fail')
    expect(fact['structured-data'].evidence).toBe('1 JSON-LD block(s), 1 not parseable')
    expect(fact['robots-ai-crawlers'].status).toBe('n/a')
  })

  it('takes pasted text as it is', () => {
    const p = extractPage({ html: '# Title\n\nSome text about shoes.', url: null })
    expect(p.fullContent).toBe('# Title\n\nSome text about shoes.')
    expect(p.facts.find((f) => f.id === 'robots-ai-crawlers')).toBeUndefined()
    expect(p.facts.find((f) => f.id === 'heading-structure')?.status).toBe('pass')
  })
})

describe('robots.txt rules', () => {
  it('uses the most specific group and the longest matching rule', () => {
    const robots = 'User-agent: *\nDisallow: /private\n\nUser-agent: ClaudeBot\nUser-agent: PerplexityBot\nDisallow: /\nAllow: /blog/\n'
    expect(robotsAllows(robots, 'GPTBot', '/blog/x').allowed).toBe(true)
    expect(robotsAllows(robots, 'GPTBot', '/private/x').allowed).toBe(false)
    expect(robotsAllows(robots, 'ClaudeBot', '/blog/x').allowed).toBe(true)
    expect(robotsAllows(robots, 'PerplexityBot', '/shop').allowed).toBe(false)
    expect(robotsAllows('', 'GPTBot', '/').allowed).toBe(true)
  })
})
