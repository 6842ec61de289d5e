/**
 * Composes a simulated answer (vendor-neutral) and renders it in a vendor's citation style.
 * Everything is drawn from PRNGs keyed by provider, model, prompt, day and seed, so the same
 * inputs give byte-identical text and any change of model or day changes the answer.
 */
import { GENERIC_SITES, regionPhrase, SITES, slug, titleCase, type BrandInfo, type SiteContext } from './knowledge'
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
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']

const POSITIVE = [
  '{B} is widely praised for its excellent {attr} and reliable {attr2}',
  '{B} is consistently rated one of the best choices for {need}, with outstanding {attr}',
  '{B} stands out for its innovative approach to {attr}, and reviewers call it excellent for {need}',
  '{B} offers impressive {attr} and is trusted by many buyers for {need}',
  '{B} remains a highly rated option thanks to its reliable {attr} and strong {attr2}',
  '{B} is often described as the best all-rounder, with excellent {attr} at a fair price',
]
const MIXED = [
  '{B} delivers solid {attr}, although some buyers find it expensive compared with rivals',
  '{B} is reliable for {need}, but its {attr2} is limited compared with the leaders',
  '{B} scores well on {attr}, though there are occasional complaints about {attr2}',
  '{B} is a popular pick for {need}, even if its {attr2} feels average for the price',
]
const NEGATIVE = [
  '{B} is a well-known name, but recent reviews mention poor {attr} and complaints about {attr2}',
  '{B} can be expensive for what it offers, and users report disappointing {attr}',
  '{B} has a loyal following, yet its limited {attr} makes it a weaker choice for {need}',
  '{B} divides opinion: some owners report poor {attr2} and slow customer service',
]
const FOLLOW_POSITIVE = ['It is a safe pick if {attr} matters most to you.', 'Many users say it is the best value in its class.', 'Its latest updates are even more innovative.']
const FOLLOW_NEGATIVE = ['It may still suit buyers who already know the brand.', 'Check recent reviews before committing.', 'Some of the complaints relate to older models.']
const INTROS = [
  'Here are some of the best options for {topic}{inRegion}, based on recent reviews and expert testing',
  'When it comes to {topic}, a handful of brands come up again and again{inRegion}',
  'Choosing {topic} depends on your budget and priorities, but a few names are consistently recommended{inRegion}',
  'Based on current reviews and customer feedback, these are the leading choices for {topic}{inRegion}',
]
const CLOSINGS = [
  'Overall, {top} is the strongest all-round choice, while {second} is worth considering if {attr} is your priority.',
  'In summary, the best option depends on your needs: {top} leads on {attr}, but {last} may be better value.',
  'Whichever you choose, compare prices and read recent reviews before you buy; {top} and {second} are the safest starting points.',
]

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? '')
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function hostFor(domain: string): string {
  const labels = domain.split('.')
  const twoPartSuffix = /\.(co|org|ac|gov|com)\.[a-z]{2}$/.test(domain)
  return labels.length === 2 || (twoPartSuffix && labels.length === 3) ? `www.${domain}` : domain
}

/** Topic phrase for the intro: "running shoes for flat feet". */
function topicOf(prompt: string, label: string): string {
  const forPart = /\bfor ([a-z0-9][a-z0-9 '&-]{2,40}?)(?: in | with |\?|$)/i.exec(prompt.trim())
  return forPart ? `${label} for ${forPart[1].trim().toLowerCase()}` : label
}

export function composeAnswer(input: ComposeInput): Answer {
  const { provider, model, prompt, day, seed, subject } = input
  const key = [provider, model, prompt, day, seed]
  const rng = new Rng('answer', ...key)
  const year = day.slice(0, 4)
  const label = subject.marketLabel
  const needs = subject.market?.needs ?? ['everyday use', 'beginners', 'families', 'professionals']
  const attrs = subject.market?.attributes ?? ['quality', 'price', 'customer service', 'reliability', 'range']
  const region = regionPhrase(subject.region)
  const inRegion = region ? ` in ${region}` : ''

  // Rank competitors: a fixed per-model taste, a per-day drift and a per-prompt wobble,
  // plus the order the framework gave (strongest first).
  const pool = subject.competitors
  const scored = pool.map((b, i) => ({
    brand: b,
    score:
      (1 - i / Math.max(1, pool.length)) * 0.45 +
      unit('taste', model, b.name, seed) * 0.3 +
      unit('drift', model, b.name, day, seed) * 0.15 +
      unit('wobble', provider, model, prompt, b.name, day, seed) * 0.1,
  }))
  scored.sort((a, b) => b.score - a.score)
  const count = Math.min(pool.length, rng.int(4, 7))
  const ranked: BrandInfo[] = scored.slice(0, count).map((s) => s.brand)
  let ownMentioned = false
  for (const own of subject.ownBrands) {
    // Deterministic per brand, prompt, model and day: the brand mention rate.
    if (unit('own', provider, model, prompt, day, seed, own.name) < input.brandRate) {
      const pos = Math.min(ranked.length, Math.floor(unit('ownpos', model, own.name, prompt, day, seed) * (ranked.length + 1) * 0.8))
      ranked.splice(pos, 0, own)
      ownMentioned = true
    }
  }

  const sources: SimSource[] = []
  const sourceIndex = new Map<string, number>()
  const siteList = subject.market?.sites ?? GENERIC_SITES
  const cite = (brand: BrandInfo | undefined, body: string): number[] => {
    if (!input.cite) return []
    const picks: SimSource[] = []
    const n = rng.chance(0.2) ? 2 : 1
    for (let i = 0; i < n; i++) {
      const roll = rng.next()
      if (brand && brand.domains.length && roll < 0.35) {
        const domain = brand.domains[0]
        picks.push({
          url: `https://${hostFor(domain)}/${slug(label)}`,
          title: `${brand.name} ${titleCase(label)} | Official Site`,
          snippet: `${brand.name}: shop the full range of ${label}. ${body}.`.slice(0, 150),
          domain,
          siteName: brand.name,
        })
      } else {
        const domain = roll < 0.85 ? rng.pick(siteList) : rng.pick(['reddit.com', 'wikipedia.org'])
        const site = SITES[domain] ?? SITES['techradar.com']
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
  const claim = (body: string, brand?: BrandInfo, end = '.') => {
    const ids = cite(brand, body)
    if (ids.length) pieces.push({ kind: 'claim', body, end, sources: ids })
    else text(body + end)
  }

  const topic = topicOf(prompt, label)
  const intro = fill(rng.pick(INTROS), { topic, inRegion })
  const list = rng.chance(0.6)
  if (rng.chance(0.5)) claim(intro, undefined, list ? ':' : '.')
  else text(intro + (list ? ':' : '.'))
  text(list ? '\n\n' : ' ')

  ranked.forEach((brand, i) => {
    const tone = unit('tone', model, brand.name, seed) * 0.55 + unit('mood', model, brand.name, day, prompt, seed) * 0.45 + (i < 2 ? 0.15 : 0)
    const bank = tone > 0.5 ? POSITIVE : tone > 0.28 ? MIXED : NEGATIVE
    const vars = { B: brand.name, need: rng.pick(needs), attr: rng.pick(attrs), attr2: rng.pick(attrs) }
    if (vars.attr2 === vars.attr) vars.attr2 = attrs[(attrs.indexOf(vars.attr) + 1) % attrs.length]
    const body = fill(rng.pick(bank), vars)
    if (list) {
      text(`${i + 1}. **${brand.name}** – `)
      claim(body, brand)
    } else {
      text(rng.chance(0.5) ? `${cap(ORDINALS[i] ?? `number ${i + 1}`)}, ` : `In ${ORDINALS[i] ?? `${i + 1}th`} place, `)
      claim(body, brand)
    }
    if (rng.chance(0.5)) text(' ' + fill(rng.pick(bank === NEGATIVE ? FOLLOW_NEGATIVE : FOLLOW_POSITIVE), vars))
    text(list ? '\n' : i === ranked.length - 1 ? '\n' : ' ')
  })

  const names = ranked.map((b) => b.name)
  if (names.length >= 2) {
    text('\n' + fill(rng.pick(CLOSINGS), { top: names[0], second: names[1], last: names[names.length - 1], attr: rng.pick(attrs) }))
  }

  const searchQueries = [prompt.replace(/[?!.]+$/, '').trim().toLowerCase().slice(0, 120)]
  if (rng.chance(0.6)) searchQueries.push(`${label} reviews ${year}`)
  if (names.length >= 2 && rng.chance(0.4)) searchQueries.push(`${names[0]} vs ${names[1]} ${label}`)

  return { pieces, sources, searchQueries, ranked: names, ownBrandMentioned: ownMentioned, sourcesSection: input.cite && sources.length > 0 }
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
  if (answer.sourcesSection) {
    plain('\n\nSources:\n' + answer.sources.map((s, i) => `[${i + 1}] ${s.title} – ${s.url}`).join('\n'))
  }
  return { text, claims, markers, blocks }
}
