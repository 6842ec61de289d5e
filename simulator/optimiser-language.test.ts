/**
 * Issue 28 §3: the content optimiser on an on-topic German article. It used to score relevance 12/100,
 * say "No named author" despite "Von Anna Weber", "Add a comparison table" though the page has one, and
 * "Mention 'mit'" (a stop word). The page goes through the real extraction, then the simulator's replies.
 */
import { describe, expect, it } from 'vitest'
import { extractPage } from '../activities/optimiser-extract'
import { chunkContent } from '../app/domain/optimiser/chunks'
import { GERMAN_ARTICLE, GERMAN_PROMPT } from '../app/domain/optimiser/germanArticle.fixture'
import { optimiserPrompt } from '../app/domain/optimiser/prompts'
import { cosine, embeddingScore, relevanceVisual } from '../app/domain/optimiser/scores'
import { bylineOf, isStopWord } from '../app/domain/optimiser/words'
import { embedText, optimiserReply } from './optimiser'

const page = extractPage({ html: GERMAN_ARTICLE, url: 'https://lauf.example/kundenservice', headers: {}, robots: '' })
const chunks = chunkContent(page.fullContent)
const ask = <T>(task: Parameters<typeof optimiserPrompt>[0]['task'], data?: unknown) =>
  optimiserReply(optimiserPrompt({ task, targetPrompt: GERMAN_PROMPT, language: 'de', content: page.fullContent, chunks: chunks.map((c) => ({ id: c.id, text: c.text })), data }).prompt) as T

describe('the optimiser on an on-topic German article', () => {
  it('keeps the byline and the table in the extracted page', () => {
    expect(page.fullContent).toContain('Von Anna Weber')
    expect(page.counts.tables).toBe(1)
  })

  it('scores relevance high: embeddings and the model score follow the words the prompt and the sections share', () => {
    const q = [embedText(GERMAN_PROMPT, 'openai'), embedText(GERMAN_PROMPT, 'gemini')]
    const scored = chunks.map((c) => ({ id: c.id, embeddingScore: embeddingScore([cosine(q[0], embedText(c.text, 'openai')), cosine(q[1], embedText(c.text, 'gemini'))]) }))
    const model = ask<{ chunks: { id: string; geminiScore: number; recommendations: string[] }[] }>('relevance')
    const visual = relevanceVisual(scored.map((s) => ({ ...s, geminiScore: model.chunks.find((c) => c.id === s.id)!.geminiScore })))
    // The issue saw 12/100; an article about exactly the prompt's question scores at least 70.
    expect(visual.averageScore).toBeGreaterThanOrEqual(7)
    const off = embedText('Sauerteigbrot backen: Mehl, Wasser und Salz über Nacht gehen lassen, dann im heißen Ofen backen.', 'openai')
    expect(cosine(q[0], off)).toBeLessThan(0.4)
  })

  it('never asks to mention a stop word', () => {
    const model = ask<{ chunks: { recommendations: string[] }[]; overallAnalysis: { missingOpportunities: string[]; nextSteps: string[] } }>('relevance')
    const advice = [...model.chunks.flatMap((c) => c.recommendations), ...model.overallAnalysis.missingOpportunities, ...model.overallAnalysis.nextSteps].join(' ')
    const quoted = [...advice.matchAll(/"([^"]+)"/g)].map((m) => m[1])
    expect(quoted.filter((w) => isStopWord(w, 'de'))).toEqual([])
    expect(advice).not.toMatch(/"(mit|den|haben|welche)"/i)
  })

  it('sees the named author and the table, and never recommends them', () => {
    const citation = ask<{ weaknesses: string[]; recommendations: string[]; qualityIndicators: { hasAuthorInfo: boolean } }>('citation')
    expect(citation.qualityIndicators.hasAuthorInfo).toBe(true)
    expect([...citation.weaknesses, ...citation.recommendations].join(' ')).not.toMatch(/\bauthor\b/i)
    const media = ask<{ existingMedia: { tables: number }; proposedEnhancements: { type: string }[]; recommendations: string[] }>('multiModal')
    expect(media.existingMedia.tables).toBe(1)
    expect(media.proposedEnhancements.map((e) => e.type)).not.toContain('table')
    expect(media.recommendations.join(' ')).not.toMatch(/table/i)
    const summary = ask<{ criticalActions: { actions: string[] }[] }>('summary', { scores: { multiModal: 4, citation: 4 }, recommendations: [] })
    expect(summary.criticalActions.flatMap((a) => a.actions).join(' ')).not.toMatch(/comparison table|author line/i)
  })
})

describe('bylines and authors in every setup language', () => {
  it.each([
    ['By Ana Smith, updated 12 March 2026', 'Ana Smith'],
    ['Von Anna Weber · 12. März 2026', 'Anna Weber'],
    ['Par Claire Martin, le 3 mars 2026', 'Claire Martin'],
    ['Por Lucía García | 3 de marzo de 2026', 'Lucía García'],
    ['Di Marco Rossi, 3 marzo 2026', 'Marco Rossi'],
    ['Door Jan de Vries', 'Jan de Vries'],
    ['著者：山田花子（2026年3月3日）', '山田花子'],
  ])('finds the author in %j', (line, name) => {
    const page = extractPage({ html: `# Titel\n\n${line}\n\nText.`, url: null })
    expect(page.fullContent).toContain(line)
    expect(bylineOf(page.fullContent)).toBe(name)
    expect(optimiserReply(optimiserPrompt({ task: 'citation', targetPrompt: 'x', language: 'en-GB', content: page.fullContent }).prompt)).toMatchObject({ qualityIndicators: { hasAuthorInfo: true } })
  })

  it('takes a schema.org author when the page shows no byline, and finds no author in an ordinary sentence', () => {
    const html = `<html><head><script type="application/ld+json">{"@type":"Article","author":[{"@type":"Person","name":"Anna Weber"}]}</script></head><body><article><h1>Laufschuhe</h1><p>${'Von Anfang an zählt die Dämpfung der Laufschuhe. '.repeat(12)}</p></article></body></html>`
    const withLd = extractPage({ html, url: 'https://lauf.example/a', headers: {}, robots: '' })
    expect(withLd.fullContent).toMatch(/^# Laufschuhe\n\nAuthor: Anna Weber\n/)
    const without = extractPage({ html: html.replace(/<script[^]*?<\/script>/, ''), url: 'https://lauf.example/a', headers: {}, robots: '' })
    expect(optimiserReply(optimiserPrompt({ task: 'citation', targetPrompt: 'x', language: 'de', content: without.fullContent }).prompt)).toMatchObject({ qualityIndicators: { hasAuthorInfo: false } })
  })
})
