import { renderToStaticMarkup } from 'react-dom/server'
import { Markdown } from './Markdown'

const html = (md: string) => renderToStaticMarkup(<Markdown text={md} />)

describe('chat markdown', () => {
  it('renders the markdown a reply uses', () => {
    const out = html('From the **Mentions tab**:\n\n- **Total:** 25\n\n| Brand | Mentions |\n| --- | --- |\n| Brooks | 10 |\n\n1. one\n2. `two`')
    expect(out).toContain('<strong>Mentions tab</strong>')
    expect(out).toContain('<li><strong>Total:</strong> 25</li>')
    expect(out).toContain('<th>Brand</th>')
    expect(out).toContain('<td>Brooks</td>')
    expect(out).toContain('<ol><li>one</li><li><code>two</code></li></ol>')
  })

  it('never emits raw HTML: tags in a reply are text', () => {
    const out = html('Hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n<div onclick="x()">block</div>\n\n| q |\n| --- |\n| <b>x</b> |')
    expect(out).not.toMatch(/<script|<img|<div onclick|<b>/i)
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(out).toContain('&lt;img src=x onerror=alert(2)&gt;')
    expect(out).toContain('&lt;b&gt;x&lt;/b&gt;')
  })

  it('keeps http, https and mailto links only', () => {
    const out = html('[a](https://example.com/x) [b](javascript:alert(1)) [c](JaVaScRiPt:alert(1)) [d](data:text/html,hi) [e](mailto:a@b.c) [f](vbscript:x) <javascript:alert(3)>')
    expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">a</a>')
    expect(out).toContain('<a href="mailto:a@b.c"')
    expect(out).not.toMatch(/href="(?!https?:|mailto:)/i)
    for (const t of ['b', 'c', 'd', 'f']) expect(out).toContain(`<span class="chat-unsafe-link">${t}</span>`)
  })

  it('shows images as their alt text, never loading them', () => {
    const out = html('![tracking pixel](https://evil.example/p.png)')
    expect(out).not.toContain('<img')
    expect(out).toContain('tracking pixel')
  })

  it('renders a half-written reply (streaming) without failing', () => {
    expect(() => html('| Brand | Ra')).not.toThrow()
    expect(() => html('**bold without end and [link](http')).not.toThrow()
  })

  it('drops emoji from headings (no emoji font on the server or in a PDF), keeping the words', () => {
    expect(html('## 🏆 Top picks for **Brooks**')).toContain('<h4>Top picks for <strong>Brooks</strong></h4>')
  })
})
