/**
 * Every layout the simulator writes (LIST_FORMATS) is read by the product's rank parser as the
 * ranking rules say: the rank is the brand's place in the answer's own order, except in
 * prose (ordinals in sentences are not ranks) and under numbered headers, where the header's
 * rank goes to the first brand named beneath it.
 */
import { parseRankings } from '../app/domain/metrics/rankings'
import { composeAnswer, LIST_FORMATS, NATIVE_FORMATS, renderAnswer, type CitationStyle, type ListFormat } from './answer'
import type { BrandInfo } from './knowledge'
import type { AnswerSubject } from './projects'

const brand = (name: string): BrandInfo => ({ name, alternativeNames: [], domains: [`${name.toLowerCase()}.com`] })
const competitors = ['Nike', 'Asics', 'Hoka', 'Brooks', 'Saucony', 'Mizuno', 'Adidas', 'Puma'].map(brand)
const subject: AnswerSubject = { how: 'generic', ownBrands: [brand('Altra')], competitors, marketLabel: 'running shoes' }
const brands = [...subject.ownBrands, ...competitors].map((b) => ({ name: b.name, alternativeNames: b.alternativeNames, domains: b.domains }))

function answer(format: ListFormat, style: CitationStyle, prompt = 'best running shoes for flat feet') {
  const a = composeAnswer({ provider: 'perplexity', model: 'sonar', prompt, day: '2026-02-01', seed: 'layouts', brandRate: 1, subject, cite: style !== 'none', format })
  return { ranked: a.ranked, text: renderAnswer(a, style).text }
}

/** The ranks the rules give: place in the answer's order; none in prose. */
function expected(format: ListFormat, ranked: string[]): Record<string, number> {
  if (format === 'prose') return {}
  return Object.fromEntries(ranked.map((name, i) => [name, i + 1]))
}

describe('the simulator writes every ranked-answer layout and the parser reads each', () => {
  it.each(LIST_FORMATS.flatMap((f) => (['none', 'brackets', 'openai-links', 'xai-links'] as CitationStyle[]).map((s) => [f, s] as const)))('%s with %s citations', (format, style) => {
    const { ranked, text } = answer(format, style)
    expect(ranked.length).toBeGreaterThanOrEqual(4)
    expect(parseRankings(text, brands)).toEqual(expected(format, ranked))
  })

  it('each layout looks as its name says', () => {
    const first = (f: ListFormat) => {
      const { ranked, text } = answer(f, 'none')
      return { top: ranked[0], text }
    }
    const medal = first('medal')
    expect(medal.text).toContain(`🥇 1. ${medal.top} – `)
    const keycap = first('keycap')
    expect(keycap.text).toContain(`1\uFE0F\u20E3 ${keycap.top} – `)
    const heading = answer('ordinal-heading', 'none')
    expect(heading.text).toContain(`First up is ${heading.ranked[0]}. `)
    expect(heading.text).toContain(`### Second pick – ${heading.ranked[1]}\n\n`)
    expect(heading.text).toContain(`**Third best: ${heading.ranked[2]}**\n\n`)
    const beneath = answer('header-beneath', 'none')
    expect(beneath.text).toMatch(new RegExp(`^1\\. Best for [^\\n]+\\n   - \\*\\*${beneath.ranked[0]}\\*\\* – `, 'm'))
    // the "also worth a look" line names a brand that ranks lower, under its own header
    expect(beneath.text).toContain(`   - Also worth a look: ${beneath.ranked[2]}.\n`)
    expect(first('rank-table').text).toMatch(/^\| # \| Brand \| Why \|\n\|---\|---\|---\|\n\| 1 \| /m)
    expect(first('ranked-table').text).toMatch(/^Ranked from best to worst:\n\n\| Brand \| Why \|\n/m)
    expect(first('number-prefix').text).toMatch(/^No\. 1: /m)
    expect(first('hash').text).toMatch(/^#1 /m)
  })

  it('without a pinned layout, answers spread over the layouts (numbered lists most often)', () => {
    const seen = new Map<ListFormat, number>()
    for (let i = 0; i < 300; i++) {
      const text = renderAnswer(composeAnswer({ provider: 'openai', model: 'gpt-5', prompt: `running shoes question ${i}`, day: '2026-02-01', seed: 'spread', brandRate: 1, subject, cite: false }), 'none').text
      const f = LIST_FORMATS.find((x) => x !== 'numbered' && x !== 'prose' && answerLooksLike(x, text)) ?? (/^1\. \*\*/m.test(text) ? 'numbered' : 'prose')
      seen.set(f, (seen.get(f) ?? 0) + 1)
    }
    expect([...seen.keys()].sort()).toEqual([...LIST_FORMATS].sort())
    expect(seen.get('numbered')!).toBeGreaterThan(seen.get('keycap')!)
  })
})

function answerLooksLike(f: ListFormat, text: string): boolean {
  const marks: Partial<Record<ListFormat, RegExp>> = {
    medal: /^🥇 1\. /m,
    choice: /^✅ First choice — /m,
    star: /^⭐ 1\) /m,
    pointing: /^👉 \*\*1\. /m,
    keycap: /^1\uFE0F\u20E3 /mu,
    hash: /^#1 /m,
    'number-prefix': /^No\. 1: /m,
    'ordinal-heading': /^First up is /m,
    'header-beneath': /^1\. Best for /m,
    'rank-table': /^\| # \| Brand \| Why \|/m,
    'ranked-table': /^Ranked from best to worst:/m,
  }
  return marks[f]?.test(text) ?? false
}

describe('/__sim/config: listFormats and the vendor-reply faults', () => {
  it('accepts a layout or { format, order } per prompt and the new fault types; names what is wrong otherwise', async () => {
    const { startSimulator } = await import('./server')
    const sim = await startSimulator({ port: 0, seed: 'config' })
    try {
      const post = async (body: unknown) => {
        const res = await fetch(`${sim.url}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        return { status: res.status, body: (await res.json()) as any }
      }
      const ok = await post({
        listFormats: { 'Best Running Shoes?': 'keycap', 'best trail shoes': { format: 'rank-table', order: ['Nike', 'Hoka'] } },
        providers: { anthropic: { faults: [{ type: 'pause-turn', times: 1 }] }, gemini: { faults: [{ type: 'blocked', finishReason: 'OTHER', finishMessage: 'No.' }] }, xai: { faults: [{ type: 'reasoning-usage', reasoningTokens: 5 }] } },
      })
      expect(ok.status).toBe(200)
      // prompts are kept normalised, as the project store matches them
      expect(ok.body.listFormats).toEqual({ 'best running shoes': { format: 'keycap' }, 'best trail shoes': { format: 'rank-table', order: ['Nike', 'Hoka'] } })
      expect(ok.body.providers.gemini.faults).toEqual([{ type: 'blocked', finishReason: 'OTHER', finishMessage: 'No.' }])
      const bad = await post({ listFormats: { q: 'spiral', r: { format: 'hash', order: [] } }, providers: { xai: { faults: [{ type: 'reasoning-usage', reasoningTokens: -1 }] } } })
      expect(bad.status).toBe(400)
      expect(bad.body.details).toEqual([
        'providers.xai.faults[0].reasoningTokens must be a number > 0',
        `listFormats["q"] must be one of ${[...LIST_FORMATS, ...NATIVE_FORMATS].join(', ')} (or { format, order, marker, references })`,
        'listFormats["r"].order must be a list of brand names',
      ])
      expect((await post({ listFormats: null })).body.listFormats).toEqual({})
    } finally {
      await sim.close()
    }
  })
})
