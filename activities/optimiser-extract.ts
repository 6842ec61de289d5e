/**
 * From HTML to the optimiser's light markdown: Mozilla Readability (on a linkedom document) keeps the main
 * content and drops navigation, cookie banners and footers; a small walker then writes headings, lists,
 * tables, images (alt text) and links as markdown. Also the crawlability facts read from the server HTML.
 */
import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import { AI_CRAWLERS, OPTIMISER_LIMITS } from '../app/domain/optimiser/constants'
import { countContent, countWords } from '../app/domain/optimiser/chunks'
import type { CrawlFact, ExtractedPage } from '../app/domain/optimiser/types'
import { bylineOf } from '../app/domain/optimiser/words'

type El = { tagName?: string; nodeType: number; textContent: string | null; childNodes: ArrayLike<El>; getAttribute?(n: string): string | null }

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'BLOCKQUOTE', 'FIGURE', 'PRE', 'ASIDE', 'DL'])
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'FORM', 'BUTTON', 'NAV', 'FOOTER'])

const squash = (s: string) => s.replace(/\s+/g, ' ')

function inline(node: El, base: string | null): string {
  if (node.nodeType === 3) return squash(node.textContent ?? '')
  if (node.nodeType !== 1) return ''
  const tag = node.tagName!.toUpperCase()
  if (SKIP.has(tag)) return ''
  if (tag === 'BR') return ' '
  if (tag === 'IMG') return image(node, base)
  const inner = Array.from(node.childNodes).map((c) => inline(c, base)).join('')
  if (tag === 'A') {
    const href = absolute(node.getAttribute?.('href') ?? '', base)
    const label = inner.trim()
    return href && label && /^https?:/.test(href) ? `[${label}](${href})` : inner
  }
  return inner
}

function absolute(href: string, base: string | null): string {
  try {
    return base ? new URL(href, base).href : new URL(href).href
  } catch {
    return href
  }
}

function image(node: El, base: string | null): string {
  const src = absolute(node.getAttribute?.('src') ?? '', base)
  const alt = squash(node.getAttribute?.('alt') ?? '').trim()
  return `![${alt.replace(/[[\]]/g, '')}](${src.replace(/[()\s]/g, '')})`
}

function table(node: El, base: string | null): string {
  const rows: string[] = []
  const walk = (n: El) => {
    for (const c of Array.from(n.childNodes)) {
      if (c.nodeType !== 1) continue
      const tag = c.tagName!.toUpperCase()
      if (tag === 'TR') {
        const cells = Array.from(c.childNodes).filter((x) => x.nodeType === 1 && /^(TD|TH)$/i.test(x.tagName!))
        rows.push(`| ${cells.map((x) => inline(x, base).trim().replace(/\|/g, '/')).join(' | ')} |`)
        if (rows.length === 1) rows.push(`|${cells.map(() => ' --- ').join('|')}|`)
      } else walk(c)
    }
  }
  walk(node)
  return rows.join('\n')
}

/** Block-level walk: one markdown block per heading, paragraph, list item, table, image, video. */
function blocks(node: El, base: string | null, out: string[]) {
  let line = ''
  const flush = () => {
    if (line.trim()) out.push(line.trim())
    line = ''
  }
  for (const c of Array.from(node.childNodes)) {
    if (c.nodeType === 3) {
      line += squash(c.textContent ?? '')
      continue
    }
    if (c.nodeType !== 1) continue
    const tag = c.tagName!.toUpperCase()
    if (SKIP.has(tag)) continue
    const h = /^H([1-6])$/.exec(tag)
    if (h) {
      flush()
      const t = inline(c, base).trim()
      if (t) out.push(`${'#'.repeat(Number(h[1]))} ${t}`)
    } else if (tag === 'UL' || tag === 'OL') {
      flush()
      let i = 1
      const items = Array.from(c.childNodes).filter((x) => x.nodeType === 1 && x.tagName!.toUpperCase() === 'LI')
      const lines = items.map((li) => `${tag === 'OL' ? `${i++}.` : '-'} ${inline(li, base).trim()}`).filter((l) => l.length > 2)
      if (lines.length) out.push(lines.join('\n'))
    } else if (tag === 'TABLE') {
      flush()
      const t = table(c, base)
      if (t) out.push(t)
    } else if (tag === 'VIDEO' || (tag === 'IFRAME' && /youtube|vimeo/.test(c.getAttribute?.('src') ?? ''))) {
      flush()
      out.push(`[Video: ${c.getAttribute?.('title') ?? c.getAttribute?.('src') ?? 'embedded video'}]`)
    } else if (tag === 'IMG') {
      flush()
      out.push(image(c, base))
    } else if (BLOCKS.has(tag) || tag === 'LI' || tag === 'FIGCAPTION' || tag === 'DT' || tag === 'DD') {
      flush()
      blocks(c, base, out)
    } else {
      line += inline(c, base)
    }
  }
  flush()
}

export function htmlToMarkdown(html: string, base: string | null): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  const out: string[] = []
  blocks(document.body as unknown as El, base, out)
  return out.join('\n\n').slice(0, OPTIMISER_LIMITS.extractedText)
}

export const looksLikeHtml = (s: string) => /<(html|body|article|main|p|div|h[1-6]|ul|ol|table|section|img)\b[^>]*>/i.test(s)

/** robots.txt rules for one agent and path: false when disallowed (longest match wins, Allow on ties). */
export function robotsAllows(robots: string, agent: string, path: string): { allowed: boolean; rule: string } {
  const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = []
  let cur: (typeof groups)[number] | null = null
  let lastWasAgent = false
  for (const rawLine of robots.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim()
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line)
    if (!m) continue
    const key = m[1].toLowerCase()
    const value = m[2].trim()
    if (key === 'user-agent') {
      if (!cur || !lastWasAgent) groups.push((cur = { agents: [], rules: [] }))
      cur.agents.push(value.toLowerCase())
      lastWasAgent = true
    } else {
      lastWasAgent = false
      if (cur && (key === 'allow' || key === 'disallow') && value) cur.rules.push({ allow: key === 'allow', path: value })
    }
  }
  const own = groups.filter((g) => g.agents.includes(agent.toLowerCase()))
  const chosen = own.length ? own : groups.filter((g) => g.agents.includes('*'))
  let best: { allow: boolean; path: string } | null = null
  for (const r of chosen.flatMap((g) => g.rules)) {
    const re = new RegExp('^' + r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\\\$$/, '$'))
    if (re.test(path) && (!best || r.path.length > best.path.length || (r.path.length === best.path.length && r.allow))) best = r
  }
  const who = own.length ? `User-agent: ${agent}` : chosen.length ? 'User-agent: *' : 'no group'
  return best ? { allowed: best.allow, rule: `${who} → ${best.allow ? 'Allow' : 'Disallow'}: ${best.path}` } : { allowed: true, rule: `${who} → no rule for ${path}` }
}

interface PageInput {
  html: string
  url: string | null
  headers?: Record<string, string | string[] | undefined>
  /** robots.txt text; null when it could not be read, undefined for pasted content. */
  robots?: string | null
}

function crawlFacts(document: Document, input: PageInput): CrawlFact[] {
  const facts: CrawlFact[] = []
  const isUrl = input.url !== null
  if (isUrl) {
    if (input.robots === null) facts.push({ id: 'robots-ai-crawlers', label: 'robots.txt lets AI crawlers in', status: 'n/a', evidence: 'robots.txt could not be read (none is the same as allowing all)' })
    else {
      const path = new URL(input.url!).pathname
      const verdicts = AI_CRAWLERS.map((bot) => ({ bot, ...robotsAllows(input.robots ?? '', bot, path) }))
      const blocked = verdicts.filter((v) => !v.allowed)
      facts.push({
        id: 'robots-ai-crawlers',
        label: 'robots.txt lets AI crawlers in',
        status: blocked.length ? 'fail' : 'pass',
        evidence: verdicts.map((v) => `${v.bot}: ${v.allowed ? 'allowed' : 'blocked'} (${v.rule})`).join('; '),
      })
    }
  }
  const metas = Array.from(document.querySelectorAll('meta[name]')).filter((m) => /^(robots|googlebot|gptbot|claudebot|perplexitybot)$/i.test(m.getAttribute('name') ?? ''))
  const header = input.headers?.['x-robots-tag']
  const directives = [...metas.map((m) => `meta ${m.getAttribute('name')}="${m.getAttribute('content') ?? ''}"`), ...(header ? [`X-Robots-Tag: ${String(header)}`] : [])]
  const noindex = directives.some((d) => /noindex|none/i.test(d))
  facts.push({
    id: 'meta-robots',
    label: 'No noindex in meta robots or X-Robots-Tag',
    status: !isUrl && !looksLikeHtml(input.html) ? 'n/a' : noindex ? 'fail' : 'pass',
    evidence: directives.length ? directives.join('; ') : 'no robots meta tag or X-Robots-Tag header',
  })
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null
  let canonicalStatus: CrawlFact['status'] = 'fail'
  let canonicalEvidence = 'no <link rel="canonical">'
  if (canonical) {
    const resolved = input.url ? new URL(canonical, input.url).href : canonical
    const self = input.url ? resolved.replace(/[#?].*$/, '').replace(/\/$/, '') === input.url.replace(/[#?].*$/, '').replace(/\/$/, '') : true
    canonicalStatus = self ? 'pass' : 'fail'
    canonicalEvidence = `canonical ${resolved}${self ? ' (this page)' : ` points elsewhere than ${input.url}`}`
  }
  facts.push({ id: 'canonical', label: 'Canonical present and self-referencing', status: !isUrl ? 'n/a' : canonicalStatus, evidence: canonicalEvidence })
  const ld = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) => s.textContent ?? '')
  const types: string[] = []
  let broken = 0
  for (const text of ld) {
    try {
      const v = JSON.parse(text) as unknown
      for (const item of Array.isArray(v) ? v : [v]) if (item && typeof item === 'object' && '@type' in item) types.push(String((item as Record<string, unknown>)['@type']))
    } catch {
      broken++
    }
  }
  facts.push({
    id: 'structured-data',
    label: 'Structured data present and parseable',
    status: !isUrl && !looksLikeHtml(input.html) ? 'n/a' : ld.length && !broken ? 'pass' : 'fail',
    evidence: ld.length ? `${ld.length} JSON-LD block(s)${types.length ? ` (${types.join(', ')})` : ''}${broken ? `, ${broken} not parseable` : ''}` : 'no JSON-LD block',
  })
  const serverWords = countWords(document.body?.textContent ?? '')
  facts.push({
    id: 'server-text',
    label: 'Text present in the server HTML',
    status: !isUrl ? 'n/a' : serverWords >= 50 ? 'pass' : 'fail',
    evidence: `${serverWords} words in the HTML as served, before any JavaScript runs`,
  })
  return facts
}

function headingFact(content: string): CrawlFact {
  const levels = content.split('\n').map((l) => /^(#{1,6})\s/.exec(l.trim())?.[1].length).filter((n): n is number => n !== undefined)
  const h1 = levels.filter((l) => l === 1).length
  const skip = levels.findIndex((l, i) => i > 0 && l > levels[i - 1] + 1)
  const ok = levels.length > 0 && h1 === 1 && skip < 0
  return {
    id: 'heading-structure',
    label: 'One H1 and no skipped heading levels',
    status: ok ? 'pass' : 'fail',
    evidence: levels.length ? `${levels.length} headings (${h1} H1)${skip >= 0 ? `, H${levels[skip - 1]} followed by H${levels[skip]}` : ''}: ${levels.map((l) => `H${l}`).slice(0, 12).join(' ')}` : 'no headings',
  }
}

/** The author a page declares for machines: schema.org JSON-LD `author` (a name, a Person, a list), else meta name="author". */
function declaredAuthor(document: Document): string | null {
  const names: string[] = []
  const walk = (v: unknown, key = ''): void => {
    if (names.length || !v || typeof v !== 'object') {
      if (key === 'author' && typeof v === 'string' && v.trim()) names.push(v.trim())
      return
    }
    if (Array.isArray(v)) return v.forEach((x) => walk(x, key))
    const o = v as Record<string, unknown>
    if (key === 'author' && typeof o.name === 'string' && o.name.trim()) return void names.push(o.name.trim())
    for (const [k, x] of Object.entries(o)) walk(x, k)
  }
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      walk(JSON.parse(script.textContent ?? ''))
    } catch {
      // A broken JSON-LD block says nothing.
    }
  }
  return names[0] ?? document.querySelector('meta[name="author"]')?.getAttribute('content')?.trim() ?? null
}

/** The content with an author line under its title when the page declares an author but shows no byline the words know. */
function withAuthor(content: string, author: string | null): string {
  if (!author || bylineOf(content)) return content
  const h1 = /^# .*$/m.exec(content)
  const line = `Author: ${author.slice(0, 120)}`
  return h1 ? `${content.slice(0, h1.index + h1[0].length)}\n\n${line}${content.slice(h1.index + h1[0].length)}` : `${line}\n\n${content}`
}

/** The page as the optimiser analyses it, from fetched HTML or pasted text/HTML. */
export function extractPage(input: PageInput): ExtractedPage {
  const html = input.html
  const isHtml = input.url !== null ? true : looksLikeHtml(html)
  let title: string | null
  let content: string
  let facts: CrawlFact[]
  if (isHtml) {
    const full = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`
    const { document } = parseHTML(full)
    facts = crawlFacts(document as unknown as Document, input)
    title = document.querySelector('title')?.textContent?.trim() || null
    const { document: copy } = parseHTML(full)
    let article: { content?: string | null; title?: string | null } | null
    try {
      article = new Readability(copy as unknown as Document, { charThreshold: 200 }).parse()
    } catch {
      article = null
    }
    const firstH1 = document.querySelector('h1')?.textContent?.trim()
    content = htmlToMarkdown(article?.content ?? document.body?.innerHTML ?? '', input.url)
    // Readability takes the title out of the body; put it back as the H1 the page shows.
    const heading = firstH1 || article?.title || null
    // (Readability turns the article's H1 into an H2.)
    if (heading && !/^# /m.test(content)) content = content.startsWith(`## ${heading}\n`) || content === `## ${heading}` ? content.slice(1) : `# ${heading}\n\n${content}`
    title = title ?? heading
    content = withAuthor(content, declaredAuthor(document as unknown as Document))
  } else {
    content = html.replace(/\r\n?/g, '\n').trim().slice(0, OPTIMISER_LIMITS.extractedText)
    title = /^#\s+(.+)$/m.exec(content)?.[1] ?? null
    facts = crawlFacts(parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document, input)
  }
  facts.push(headingFact(content))
  return { source: input.url ? 'url' : 'text', url: input.url, title, fullContent: content, counts: countContent(content), facts }
}
