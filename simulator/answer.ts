/**
 * Composes a simulated answer (vendor-neutral) and renders it in a vendor's citation style.
 * Everything is drawn from PRNGs keyed by provider, model, prompt, day and seed, so the same
 * inputs give byte-identical text and any change of model or day changes the answer.
 */
import { regionPhrase, type BrandInfo, type SiteContext } from './knowledge'
import { citedSites, siteOf } from './sites'
import { answerWords } from './answer-words'
import { fillTemplate } from './grammar'
import { factSentence } from './factcheck'
import { DEFAULT_ATTRS, DEFAULT_NEEDS, englishPhrases, illustrativeNote, rankedBrands, subjectKind } from './prose'
import { localBrand, phrasebook, rankMarkers, reportReferences, type RankMarkers } from './languages'
import type { AnswerSubject } from './projects'
import { Rng, unit } from './prng'

export interface SimSource {
  url: string
  title: string
  /** Text "from the page" that supports the claim (Anthropic cited_text, search snippets). */
  snippet: string
  domain: string
  siteName: string
}

export type Piece = { kind: 'text'; text: string } | { kind: 'claim'; body: string; end: string; sources: number[] }

export interface Answer {
  pieces: Piece[]
  sources: SimSource[]
  searchQueries: string[]
  /** Brands named, in rank order. */
  ranked: string[]
  ownBrandMentioned: boolean
  /** Append a "Sources:" list. */
  sourcesSection: boolean
  /** Instead of "Sources:", footnote definitions and a reference section under this heading (a research report). */
  referencesHeading?: string
  /** The language it is written in (its "Sources:" heading and a vendor's remarks follow it). */
  language?: string
}

export interface ComposeInput {
  provider: string
  model: string
  prompt: string
  day: string
  seed: string
  brandRate: number
  subject: AnswerSubject
  /** Cite sources (web search on, or a model that cites "from memory" like DeepSeek). */
  cite: boolean
  /** The layout of the answer; by default drawn from the same keys as the text. */
  format?: AnswerFormat
  /** The brands the answer ranks, in order (by name; tests pin them). */
  order?: string[]
  /** A native-number layout's marker for rank 1 ("1位："); tests pin it. */
  marker?: string
  /** Pin the reference apparatus: a research report's footnotes (in a language that writes them) or a "Sources:" list. */
  references?: 'report' | 'sources'
}

/**
 * The layouts real assistants give a ranked answer, so the whole pipeline sees
 * each: a numbered list, markers after emoji and symbols, keycaps, "#1", "No. 1:", ordinal
 * headings, numbered headers with the brand beneath, ranking tables, and plain prose.
 */
export const LIST_FORMATS = [
  'numbered', // 1. **Brand** – ...
  'medal', // 🥇 1. Brand – ...
  'choice', // ✅ First choice — Brand: ...
  'star', // ⭐ 1) Brand – ...
  'pointing', // 👉 **1. Brand** – ...
  'keycap', // 1️⃣ Brand – ...
  'hash', // #1 Brand – ...
  'number-prefix', // No. 1: Brand – ...
  'ordinal-heading', // First up is Brand / ### Second pick – Brand / **Third best: Brand**
  'header-beneath', // 1. Best for beginners \n   - **Brand** – ...
  'rank-table', // | # | Brand | Why |
  'ranked-table', // Ranked from best to worst: | Brand | Why |
  'prose', // First, Brand ... In second place, Brand ...
] as const
export type ListFormat = (typeof LIST_FORMATS)[number]

/**
 * Layouts in the rank markers of the answer's own language (languages.ts RANK_MARKERS):
 * its digits and punctuation ("1、", "１．", "一、", "١. ", "Platz 1: ") or an ordinal heading
 * ("### 第一位：ソニー", "### Erstens: Siemens", "### أولاً: سامسونج"). English answers never draw them.
 */
export const NATIVE_FORMATS = ['native-number', 'native-ordinal'] as const
/** A layout an answer may take: one of LIST_FORMATS (pinnable on the simulator server) or a native one. */
export type AnswerFormat = ListFormat | (typeof NATIVE_FORMATS)[number]

/** Layouts whose markers read the same in every language (the others use English words). */
const NEUTRAL_FORMATS: readonly AnswerFormat[] = ['numbered', 'medal', 'star', 'pointing', 'keycap', 'hash', 'rank-table']
/** An answer in another language: the neutral layouts, and about half the time its own markers. */
const OTHER_LANGUAGE_FORMATS: readonly AnswerFormat[] = [...NEUTRAL_FORMATS, ...NATIVE_FORMATS, ...NATIVE_FORMATS, ...NATIVE_FORMATS, ...NATIVE_FORMATS]
const MEDALS = ['🥇', '🥈', '🥉']

function keycap(n: number): string {
  return n < 10 ? `${n}\uFE0F\u20E3` : n === 10 ? '🔟' : `${n}.`
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']


function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Topic phrase for the intro: "running shoes for flat feet". */
function topicOf(prompt: string, label: string): string {
  const forPart = /\bfor ([a-z0-9][a-z0-9 '&-]{2,40}?)(?: in | with |\?|$)/i.exec(prompt.trim())
  return forPart ? `${label} for ${forPart[1].trim().toLowerCase()}` : label
}

/** The text before and after an item's body in one layout (rank = i + 1); `native` for the native layouts. */
function itemLead(format: AnswerFormat, i: number, name: string, need: string, native?: { markers: RankMarkers; number: (rank: number) => string }): { before: string; after: string } {
  const n = i + 1
  const ordinal = ORDINALS[i]
  const line = (before: string) => ({ before, after: '\n' })
  switch (format) {
    case 'native-number': return native ? line(`${native.number(n)}**${name}**${native.markers.dash}`) : line(`${n}. **${name}** – `)
    case 'native-ordinal': {
      const label = native?.markers.ordinal(n)
      return { before: label ? `### ${label}${native!.markers.colon}${name}\n\n` : `### ${n}. ${name}\n\n`, after: '\n\n' }
    }
    case 'medal': return line(`${MEDALS[i] ?? '🏅'} ${n}. ${name} – `)
    case 'choice': return line(ordinal ? `✅ ${cap(ordinal)} choice — ${name}: ` : `✅ ${n}. ${name}: `)
    case 'star': return line(`⭐ ${n}) ${name} – `)
    case 'pointing': return line(`👉 **${n}. ${name}** – `)
    case 'keycap': return line(`${keycap(n)} ${name} – `)
    case 'hash': return line(`#${n} ${name} – `)
    case 'number-prefix': return line(`No. ${n}: ${name} – `)
    case 'ordinal-heading':
      if (!ordinal) return { before: `### ${n}. ${name}\n\n`, after: '\n\n' }
      if (i === 0) return { before: `First up is ${name}. `, after: '\n\n' }
      return i % 2 === 1 ? { before: `### ${cap(ordinal)} pick – ${name}\n\n`, after: '\n\n' } : { before: `**${cap(ordinal)} best: ${name}**\n\n`, after: '\n\n' }
    case 'header-beneath': return { before: `${n}. Best for ${need}\n   - **${name}** – `, after: '\n' }
    case 'rank-table': return { before: `| ${n} | ${name} | `, after: ' |\n' }
    case 'ranked-table': return { before: `| ${name} | `, after: ' |\n' }
    default: return line(`${n}. **${name}** – `)
  }
}

export function composeAnswer(input: ComposeInput): Answer {
  const { provider, model, prompt, day, seed, subject } = input
  const key = [provider, model, prompt, day, seed]
  const rng = new Rng('answer', ...key)
  const year = day.slice(0, 4)
  const label = subject.marketLabel
  // In another language: its phrases, and catalogue brands by their native names.
  const book = phrasebook(subject.language)
  const kind = subjectKind(subject)
  const P = book ?? englishPhrases(kind)
  const needs = book?.needs ?? subject.market?.needs ?? DEFAULT_NEEDS[kind]
  const attrs = book?.attrs ?? subject.market?.attributes ?? DEFAULT_ATTRS[kind]
  const region = regionPhrase(subject.region)
  const inRegion = region && !book ? ` in ${region}` : ''

  // Competitors and a few untracked brands, strongest first (prose.ts).
  const ranked: BrandInfo[] = rankedBrands(subject, { provider, model, prompt, day, seed }, rng).map((b) => localBrand(b, subject.language))
  let ownMentioned = false
  for (const own of subject.ownBrands) {
    // Deterministic per brand, prompt, model and day: the brand mention rate.
    if (unit('own', provider, model, prompt, day, seed, own.name) < input.brandRate) {
      const pos = Math.min(ranked.length, Math.floor(unit('ownpos', model, own.name, prompt, day, seed) * (ranked.length + 1) * 0.8))
      ranked.splice(pos, 0, own)
      ownMentioned = true
    }
  }
  if (input.order) {
    const known = [...subject.ownBrands, ...subject.competitors]
    const pinned = input.order.map((name) => known.find((b) => b.name.toLowerCase() === name.toLowerCase()) ?? { name, alternativeNames: [], domains: [] })
    ranked.splice(0, ranked.length, ...pinned)
    ownMentioned = pinned.some((b) => subject.ownBrands.includes(b))
  }

  const sources: SimSource[] = []
  const sourceIndex = new Map<string, number>()
  // The market's own sites in the answer's language (sites.ts), else the catalogue's.
  const siteList = citedSites(subject.language, subject.market)
  const words = answerWords(subject.language)
  const cite = (brand: BrandInfo | undefined, body: string): number[] => {
    if (!input.cite) return []
    const picks: SimSource[] = []
    const n = rng.chance(0.2) ? 2 : 1
    for (let i = 0; i < n; i++) {
      const roll = rng.next()
      // A project's own brand is named with a link to its site a little more often (as real search answers do).
      if (brand && brand.domains.length && roll < (subject.ownBrands.includes(brand) ? 0.45 : 0.35)) {
        const domain = brand.domains[0]
        picks.push({
          // The brand's home page: a page that exists, never one made up.
          url: `https://${domain}/`,
          title: `${brand.name} – ${words.official}`,
          snippet: (book ? `${brand.name} – ${words.official}${book.stop}${book.space}${body}${book.stop}` : `${brand.name} official website. ${body}.`).slice(0, 150),
          domain,
          siteName: brand.name,
        })
      } else {
        const domain = roll < 0.85 || book ? rng.pick(siteList) : rng.pick(['reddit.com', 'wikipedia.org'])
        const site = siteOf(domain, subject.language)
        const overlaps = brand && brand.name.toLowerCase().includes(label.split(' ')[0].toLowerCase())
        const topic = `${brand && domain !== 'wikipedia.org' ? `${brand.name} ` : ''}${overlaps ? '' : `${label} `}for ${rng.pick(needs)}`
        const ctx: SiteContext = { market: label, topic: cap(topic), subreddit: subject.market?.subreddit ?? 'AskUK', brand: site.domain === 'wikipedia.org' || site.domain === 'gsmarena.com' || site.domain === 'trustpilot.com' ? brand?.name : undefined, year, rng: new Rng('site', site.domain, label, brand?.name ?? '', topic) }
        picks.push({ url: `https://${site.host}${site.path(ctx)}`, title: site.title(ctx), snippet: `${body}.`.slice(0, 150), domain: site.domain, siteName: site.name })
      }
    }
    const ids: number[] = []
    for (const p of picks) {
      let id = sourceIndex.get(p.url)
      if (id === undefined) {
        id = sources.length
        sources.push(p)
        sourceIndex.set(p.url, id)
      }
      if (!ids.includes(id)) ids.push(id)
    }
    return ids
  }

  const pieces: Piece[] = []
  const text = (t: string) => pieces.push({ kind: 'text', text: t })
  const claim = (body: string, brand?: BrandInfo, end = book?.stop ?? '.') => {
    const ids = cite(brand, body)
    if (ids.length) pieces.push({ kind: 'claim', body, end, sources: ids })
    else text(body + end)
  }

  const topic = book ? ((subject.market && book.labels[subject.market.key]) ?? label) : topicOf(prompt, label)
  const fill = (template: string, vars: Record<string, string>) => fillTemplate(template, vars, subject.language)
  const intro = fill(rng.pick(P.intros), { topic, inRegion })
  const listed = rng.chance(0.6)
  // 'numbered' stays the most common English layout, as in real answers; other languages mostly use their own markers.
  const layouts: readonly AnswerFormat[] = book ? OTHER_LANGUAGE_FORMATS : [...LIST_FORMATS.filter((f) => f !== 'prose'), 'numbered', 'numbered', 'numbered']
  // The layout draws from its own generator, so the words and sources stay those of the same answer in any layout.
  const layout = new Rng('format', ...key)
  const format: AnswerFormat = input.format ?? (listed ? layout.pick(layouts) : 'prose')
  const list = format !== 'prose'
  const markers = book ? rankMarkers(subject.language) : undefined
  const pinnedNumber = input.marker ? markers?.numbers.find((f) => f(1) === input.marker) : undefined
  const native = markers && (format === 'native-number' || format === 'native-ordinal') ? { markers, number: pinnedNumber ?? layout.pick(markers.numbers) } : undefined
  // Chinese and Japanese end a lead-in with a full-width colon.
  const colon = book?.stop === '。' ? '：' : ':'
  if (rng.chance(0.5)) claim(intro, undefined, list ? colon : '.')
  else text(intro + (list ? colon : (book?.stop ?? '.')))
  text(list ? '\n\n' : ' ')
  if (format === 'rank-table') text(`| ${words.table.join(' | ')} |\n|---|---|---|\n`)
  if (format === 'ranked-table') text('Ranked from best to worst:\n\n| Brand | Why |\n|---|---|\n')

  ranked.forEach((brand, i) => {
    const tone = unit('tone', model, brand.name, seed) * 0.55 + unit('mood', model, brand.name, day, prompt, seed) * 0.45 + (i < 2 ? 0.15 : 0)
    const bank = tone > 0.5 ? P.positive : tone > 0.28 ? P.mixed : P.negative
    const vars = { B: brand.name, need: rng.pick(needs), attr: rng.pick(attrs), attr2: rng.pick(attrs) }
    if (vars.attr2 === vars.attr) vars.attr2 = attrs[(attrs.indexOf(vars.attr) + 1) % attrs.length]
    const body = fill(rng.pick(bank), vars)
    const follow = () => (rng.chance(0.5) ? (book?.space ?? ' ') + fill(rng.pick(bank === P.negative ? P.followNegative : P.followPositive), vars) : '')
    // The project's brand facts, restated (some wrongly) after the own brand's item; '' without facts (./factcheck.ts).
    const said = brand === subject.ownBrands[0] ? factSentence({ brand: brand.name, facts: subject.facts, language: subject.language, provider, model, prompt, day, seed }) : ''
    const fact = said ? (book?.space ?? ' ') + said : ''
    if (list) {
      const lead = itemLead(format, i, brand.name, format === 'header-beneath' ? layout.pick(needs) : '', native)
      text(lead.before)
      claim(body, brand)
      text(follow() + fact + lead.after)
      if (format === 'header-beneath' && i + 2 < ranked.length) text(`   - Also worth a look: ${ranked[i + 2].name}.\n`)
    } else {
      // Another language's prose runs its claims together (no English "First, ..." lead-ins).
      if (!book) text(rng.chance(0.5) ? `${cap(ORDINALS[i] ?? `number ${i + 1}`)}, ` : `In ${ORDINALS[i] ?? `${i + 1}th`} place, `)
      claim(body, brand)
      text(follow() + fact + (i === ranked.length - 1 ? '\n' : (book?.space ?? ' ')))
    }
  })

  const names = ranked.map((b) => b.name)
  if (names.length >= 2) {
    text('\n' + fill(rng.pick(P.closings), { top: names[0], second: names[1], last: names[names.length - 1], attr: rng.pick(attrs) }))
  }
  const note = illustrativeNote(ranked)
  if (note) text('\n\n' + ((book && words.demoNote) || note))

  const searchQueries = [prompt.replace(/[?!.]+$/, '').trim().toLowerCase().slice(0, 120)]
  if (rng.chance(0.6)) searchQueries.push(words.reviewSearch(book ? topic : label, year))
  if (names.length >= 2 && rng.chance(0.4)) searchQueries.push(`${names[0]} vs ${names[1]} ${label}`)

  // Some answers in a language with a report style cite like a research report; drawn apart, so the text stays the same.
  const reportHeading = reportReferences(subject.language)
  const report = reportHeading && (input.references ? input.references === 'report' : new Rng('references', ...key).chance(0.5))
  const sourcesSection = input.cite && sources.length > 0
  return { pieces, sources, searchQueries, ranked: names, ownBrandMentioned: ownMentioned, sourcesSection, language: subject.language, ...(report && sourcesSection ? { referencesHeading: reportHeading } : {}) }
}

/** OpenAI tags the URLs it cites with utm_source=openai. */
export function openaiUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}utm_source=openai`
}

export type CitationStyle = 'brackets' | 'openai-links' | 'xai-links' | 'none'

export interface RenderedAnswer {
  text: string
  /** Claim spans (body + full stop) and the sources that support them. */
  claims: Array<{ start: number; end: number; sources: number[] }>
  /** Inline citation markers/links and the source each points at. */
  markers: Array<{ start: number; end: number; source: number }>
  /** Text split so every claim is its own block (Anthropic text blocks). */
  blocks: Array<{ text: string; sources?: number[] }>
}

export function renderAnswer(answer: Answer, style: CitationStyle): RenderedAnswer {
  let text = ''
  const claims: RenderedAnswer['claims'] = []
  const markers: RenderedAnswer['markers'] = []
  const blocks: RenderedAnswer['blocks'] = []
  const plain = (t: string) => {
    if (!t) return
    text += t
    const last = blocks[blocks.length - 1]
    if (last && !last.sources) last.text += t
    else blocks.push({ text: t })
  }
  const marker = (t: string, source: number) => {
    markers.push({ start: text.length, end: text.length + t.length, source })
    plain(t)
  }
  for (const p of answer.pieces) {
    if (p.kind === 'text') {
      plain(p.text)
      continue
    }
    if (style === 'brackets') {
      const start = text.length
      plain(p.body)
      for (const s of p.sources) marker(`[${s + 1}]`, s)
      plain(p.end)
      claims.push({ start, end: text.length, sources: p.sources })
      continue
    }
    const start = text.length
    const claimText = p.body + p.end
    text += claimText
    blocks.push({ text: claimText, sources: p.sources })
    claims.push({ start, end: text.length, sources: p.sources })
    for (const s of p.sources) {
      const src = answer.sources[s]
      if (style === 'openai-links') {
        plain(' ')
        marker(`([${src.domain}](${openaiUrl(src.url)}))`, s)
      } else if (style === 'xai-links') {
        plain(' ')
        marker(`[[${s + 1}]](${src.url})`, s)
      }
    }
  }
  if (answer.referencesHeading) {
    // footnote definitions, then the works cited by title (no "[n]": those are the body's markers)
    const notes = answer.sources.map((s, i) => `[^${i + 1}]: ${s.title} – ${s.url}`).join('\n')
    plain(`\n\n${notes}\n\n## ${answer.referencesHeading}\n` + answer.sources.map((s, i) => `${i + 1}. ${s.title}`).join('\n'))
  } else if (answer.sourcesSection) {
    plain(`\n\n${answerWords(answer.language).sources}\n` + answer.sources.map((s, i) => `[${i + 1}] ${s.title} – ${s.url}`).join('\n'))
  }
  return { text, claims, markers, blocks }
}
