/**
 * The Content Ideator writes in the project's language by default. The request without a
 * language takes the project's; the simulator's ideas and drafts for a German project are German.
 */
import { describe, expect, it } from 'vitest'
import { deu, eng } from 'stopword'
import { defaultIdeatorLanguage, ideatorLanguagesFor, languageLabel } from '../app/domain/ideator/constants'
import { ideatorPrompt, type IdeatorPromptInput } from '../app/domain/ideator/prompts'
import { generateIdeasRequest } from '../app/domain/ideator/requests'
import type { Grounding } from '../app/domain/ideator/types'
import { ideatorReply } from './ideator'

const grounding: Grounding = {
  scope: 'query', analysisId: 1, analysisDate: '2026-03-02', brand: 'Hoka', answers: [],
  competitorsAbove: [{ name: 'Brooks', model: 'ChatGPT', rank: 1, brandRank: 3, why: 'Brooks ist bekannt für seinen Kundenservice.' }],
  sources: [{ domain: 'runnersworld.de', type: 'Earned', citations: 4, title: null }],
  gaps: [{ id: 'gap-1', kind: 'competitor-ahead', text: 'Brooks is ranked above Hoka' }, { id: 'gap-2', kind: 'source', text: 'runnersworld.de (4 citations)' }],
}
const base: IdeatorPromptInput = { task: 'ideas', query: 'welche Laufschuhe haben den besten Kundenservice', brand: 'Hoka', brandDomain: 'hoka.com', contentType: 'blog-post', language: 'de', audience: null, userBrief: '', grounding }

/** Words of the text outside names, the query and quoted model text: German function words, no English ones. */
function wordsOf(text: string): string[] {
  const own = text.replace(/„[^“]*“|"[^"]*"|\*\*[^*]*\*\*/g, ' ').replace(/Hoka|Brooks|runnersworld\.de|ChatGPT|Blog Post/g, ' ')
  return own.toLowerCase().match(/\p{L}+/gu) ?? []
}
const englishOnly = (w: string) => eng.includes(w) && !deu.includes(w)

describe('the ideator in the project language', () => {
  it('defaults to the project language, offers it first, and keeps the English styles', () => {
    expect(defaultIdeatorLanguage('de')).toBe('de')
    expect(defaultIdeatorLanguage('pt-BR')).toBe('pt-BR')
    expect(defaultIdeatorLanguage('en-US')).toBe('british-english')
    expect(ideatorLanguagesFor('ja').map((l) => l.id).slice(0, 3)).toEqual(['ja', 'british-english', 'american-english'])
    expect(ideatorLanguagesFor('en-GB')[0].id).toBe('british-english')
    expect(languageLabel('de')).toBe('German')
    const parsed = generateIdeasRequest.parse({ projectId: 1, query: 'x' })
    expect(parsed.language).toBeUndefined()
    expect(generateIdeasRequest.safeParse({ projectId: 1, query: 'x', language: 'klingon' }).error?.issues[0].message).toMatch(/^Unsupported language: use one of british-english, .*, de, /)
  })

  it('asks the model to write in German, and the simulated ideas and draft are German', () => {
    expect(ideatorPrompt({ ...base, task: 'content', items: [{ id: 'i1', title: 't' }] }).prompt).toContain('in German')
    const ideas = (ideatorReply(ideatorPrompt(base).prompt, 'openai') as { ideas: { title: string; description: string; keyElements: string[] }[] }).ideas
    expect(ideas).toHaveLength(5)
    expect(ideas[0].title).toBe('Hoka oder Brooks? Vergleich zu „welche Laufschuhe haben den besten Kundenservice“')
    const item = { id: 'i1', title: ideas[0].title, description: ideas[0].description, keyElements: ideas[0].keyElements, gap: 'Brooks is ranked above Hoka' }
    const draft = (ideatorReply(ideatorPrompt({ ...base, task: 'content', items: [item] }).prompt, 'openai') as { content: string }).content
    expect(draft).toContain('## Häufige Fragen')
    for (const text of [draft, ...ideas.map((i) => [i.title, ...i.keyElements].join(' '))]) {
      const words = wordsOf(text)
      expect(words.filter(englishOnly), text).toEqual([])
      expect(words.filter((w) => deu.includes(w)).length, text).toBeGreaterThanOrEqual(2)
    }
  })
})
