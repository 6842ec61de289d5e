/**
 * The simulator's answers to the Content Ideator: ideas, scores and drafts worked out from the prompt's
 * own grounding (the gaps, the competitors ranked above the brand and why, the cited sources), never at
 * random, so the same prompt always gets the same reply and a test can trace every idea to its gap.
 */
import { contentTypeLabel, IDEATOR_LIMITS, languageLabel } from '../app/domain/ideator/constants'
import { parseIdeatorPrompt, type IdeatorPromptInput, type PromptItem } from '../app/domain/ideator/prompts'
import type { IdeatorReplyOf } from '../app/domain/ideator/replies'
import type { Gap } from '../app/domain/ideator/types'
import { fillIn, ideatorWords, type IdeatorWords } from './ideator-words'

const ANGLES = ['comparison', 'data-led guide', 'FAQ', "buyer's checklist", 'expert roundup'] as const
const STOP = new Set('a an and are as at be best by can do does for from has have how i in is it its my of on or our should that the their this to was what when where which who why will with you your'.split(' '))
const terms = (s: string) => [...new Set((s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w)))]

const an = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`)
const competitorOf = (g: Gap) => (g.kind === 'competitor-ahead' ? g.text.split(' is ranked above ')[0] : null)
const domainOf = (g: Gap) => (g.kind === 'source' ? g.text.split(' (')[0] : null)

function ideas(p: IdeatorPromptInput): IdeatorReplyOf<'ideas'> {
  const words = ideatorWords(p.language)
  if (words) return localIdeas(p, words)
  const { brand, query } = p
  const type = contentTypeLabel(p.contentType)
  const gaps = p.grounding.gaps.length ? p.grounding.gaps : [{ id: 'gap-1', kind: 'unmeasured' as const, text: 'No analysis' }]
  const topSource = p.grounding.sources.find((s) => s.type !== 'Owned')
  const out: IdeatorReplyOf<'ideas'>['ideas'] = []
  for (let i = 0; i < IDEATOR_LIMITS.ideasPerGeneration; i++) {
    const gap = gaps[i % gaps.length]
    const angle = ANGLES[i % ANGLES.length]
    const rival = competitorOf(gap)
    const domain = domainOf(gap)
    const why = rival ? p.grounding.competitorsAbove.find((c) => c.name === rival)?.why : undefined
    const title = rival
      ? `${brand} vs ${rival}: ${an(angle)} for "${query}"`
      : domain
        ? `Earn a citation from ${domain}: ${an(angle)} on "${query}"`
        : gap.kind === 'not-mentioned'
          ? `Why ${brand} belongs in every answer to "${query}" (${angle})`
          : `The ${brand} ${angle} to "${query}"`
    const description = [
      `${an(type.toLowerCase())} that closes this gap: ${gap.text}.`.replace(/^a/, 'A'),
      why ? `The models favour ${rival} because: "${why}" — answer that point with ${brand}'s own evidence.` : '',
      domain ? `Give ${domain} something worth citing: original data and a clear answer it can quote.` : '',
      p.audience ? `Written for ${p.audience}.` : '',
      p.userBrief ? `Brief: ${p.userBrief.replace(/\s+/g, ' ').slice(0, 160)}` : '',
    ]
      .filter(Boolean)
      .join(' ')
    const keyElements = [
      `A direct answer to "${query}" in the first paragraph, naming ${brand}`,
      rival ? `A fair side-by-side of ${brand} and ${rival} on the points the answers raise` : `The criteria AI answers use for "${query}"`,
      topSource ? `Facts and figures ${topSource.domain} can cite` : 'Original figures with their source and date',
      `An FAQ section in ${languageLabel(p.language)}`,
    ]
    out.push({ title, description, keyElements, gapId: gap.id })
  }
  return { ideas: out }
}

/** How well an item uses the grounding: the competitors ahead, the cited sources and the query's terms. */
function scoreOf(p: IdeatorPromptInput, item: PromptItem, vendor: string): { score: number; reason: string } {
  const text = [item.title, item.description ?? '', ...(item.keyElements ?? []), item.gap ?? '', item.content ?? ''].join(' ').toLowerCase()
  const rivals = [...new Set(p.grounding.competitorsAbove.map((c) => c.name))]
  const rivalHit = rivals.some((r) => text.includes(r.toLowerCase()))
  const sourceHit = p.grounding.sources.some((s) => text.includes(s.domain.toLowerCase()))
  const want = terms(p.query)
  const ratio = want.length ? want.filter((t) => text.includes(t)).length / want.length : 0
  const brandHit = text.includes(p.brand.toLowerCase())
  const tweak = vendor === 'openai' ? 0.03 : vendor === 'gemini' ? -0.02 : 0
  const raw = 0.3 + (rivalHit ? 0.2 : 0) + (sourceHit ? 0.15 : 0) + 0.25 * ratio + (brandHit ? 0.05 : 0) + tweak
  const score = Math.round(Math.min(1, Math.max(0, raw)) * 100) / 100
  const reason = `${rivalHit ? 'Answers a competitor ranked above the brand' : 'No competitor ahead addressed'}; ${sourceHit ? 'targets a cited source' : 'no cited source targeted'}; covers ${Math.round(ratio * 100)}% of the query's terms.`
  return { score, reason }
}

function content(p: IdeatorPromptInput): IdeatorReplyOf<'content'> {
  const words = ideatorWords(p.language)
  if (words) return localContent(p, words)
  const item = p.items?.[0]
  if (!item) return { content: `# ${p.query}\n\n${p.brand} answers "${p.query}".` }
  const rival = p.grounding.competitorsAbove.find((c) => (item.gap ?? item.description ?? '').includes(c.name))
  const lines = [
    `# ${item.title}`,
    '',
    `**${p.query}?** ${p.brand} is a strong answer${p.audience ? ` for ${p.audience}` : ''}: here is why, and how it compares.`,
    '',
    '## What this piece covers',
    ...(item.keyElements ?? []).map((k) => `- ${k}`),
    '',
  ]
  if (rival) {
    lines.push(`## ${p.brand} and ${rival.name}`, '', `AI assistants currently rank ${rival.name} at #${rival.rank} (${rival.model}). Their reason: "${rival.why}"`, `${p.brand} meets that point directly, with evidence a reader can check.`, '')
  }
  const sources = p.grounding.sources.filter((s) => s.type !== 'Owned').slice(0, 3)
  if (sources.length) lines.push('## Sources worth citing', ...sources.map((s) => `- ${s.domain} (cited ${s.citations} time${s.citations === 1 ? '' : 's'})`), '')
  lines.push('## FAQ', '', `**Is ${p.brand} a good choice for "${p.query}"?** Yes, for the reasons above.`, '', `*${contentTypeLabel(p.contentType)} · ${languageLabel(p.language)}*`)
  return { content: lines.join('\n') }
}

/** The ideas in the project's own language: the same gaps, rivals and sources, in its words (ideator-words.ts). */
function localIdeas(p: IdeatorPromptInput, w: IdeatorWords): IdeatorReplyOf<'ideas'> {
  const gaps = p.grounding.gaps.length ? p.grounding.gaps : [{ id: 'gap-1', kind: 'unmeasured' as const, text: '–' }]
  const topSource = p.grounding.sources.find((s) => s.type !== 'Owned')
  const out: IdeatorReplyOf<'ideas'>['ideas'] = []
  for (let i = 0; i < IDEATOR_LIMITS.ideasPerGeneration; i++) {
    const gap = gaps[i % gaps.length]
    const rival = competitorOf(gap)
    const domain = domainOf(gap)
    const why = rival ? p.grounding.competitorsAbove.find((c) => c.name === rival)?.why : undefined
    const v = { brand: p.brand, query: p.query, angle: w.angles[i % w.angles.length], rival: rival ?? '', domain: domain ?? topSource?.domain, type: contentTypeLabel(p.contentType), gap: gap.text, why, audience: p.audience ?? '' }
    const title = fillIn(rival ? w.title.rival : domain ? w.title.source : gap.kind === 'not-mentioned' ? w.title.missing : w.title.plain, v)
    const description = [w.description.gap, why ? w.description.why : '', domain ? w.description.source : '', p.audience ? w.description.audience : ''].filter(Boolean).map((t) => fillIn(t, v)).join(' ')
    const keyElements = [w.keyElements.answer, rival ? w.keyElements.rival : w.keyElements.criteria, topSource ? w.keyElements.source : w.keyElements.figures, w.keyElements.faq].map((t) => fillIn(t, { ...v, domain: topSource?.domain }))
    out.push({ title, description, keyElements, gapId: gap.id })
  }
  return { ideas: out }
}

/** A draft in the project's own language, built like the English one. */
function localContent(p: IdeatorPromptInput, w: IdeatorWords): IdeatorReplyOf<'content'> {
  const item = p.items?.[0]
  const c = w.content
  const v = { brand: p.brand, query: p.query }
  if (!item) return { content: `# ${p.query}\n\n${fillIn(c.intro, v)}` }
  const rival = p.grounding.competitorsAbove.find((x) => (item.gap ?? item.description ?? '').includes(x.name))
  const lines = [`# ${item.title}`, '', fillIn(c.intro, v), '', `## ${c.covers}`, ...(item.keyElements ?? []).map((k) => `- ${k}`), '']
  if (rival) {
    const r = { ...v, rival: rival.name, rank: rival.rank, model: rival.model, why: rival.why }
    lines.push(`## ${fillIn(c.rivalHeading, r)}`, '', fillIn(c.rivalText, r), fillIn(c.rivalMeets, r), '')
  }
  const sources = p.grounding.sources.filter((s) => s.type !== 'Owned').slice(0, 3)
  if (sources.length) lines.push(`## ${c.sources}`, ...sources.map((s) => `- ${fillIn(c.sourceLine, { domain: s.domain, n: s.citations })}`), '')
  lines.push(`## ${c.faq}`, '', `**${fillIn(c.faqQuestion, v)}** ${c.faqAnswer}`, '', `*${contentTypeLabel(p.contentType)} · ${languageLabel(p.language)}*`)
  return { content: lines.join('\n') }
}

/** The structured reply to an ideator prompt, or undefined for any other prompt. */
export function ideatorReply(text: string, vendor: string): unknown {
  const p = parseIdeatorPrompt(text)
  if (!p) return undefined
  switch (p.task) {
    case 'ideas': return ideas(p)
    case 'score': return { scores: (p.items ?? []).map((it) => ({ id: it.id, ...scoreOf(p, it, vendor) })) }
    case 'content': return content(p)
  }
}
