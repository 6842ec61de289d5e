/**
 * The ideator's prompts. Each names its task on the first line and carries its inputs in delimited blocks
 * (the grounding as JSON), so the simulator (and a reader of the Temporal history) can tell one call from
 * another and see exactly what the model was given. Pure.
 */
import { contentTypeLabel, IDEATOR_LIMITS, languageLabel } from './constants'
import type { IdeatorTask } from './replies'
import type { Grounding } from './types'

const MARKER = 'CONTENT IDEATOR TASK:'

/** An idea or a draft as the score and content tasks carry it. */
export interface PromptItem {
  id: string
  title: string
  description?: string
  keyElements?: string[]
  gap?: string
  content?: string
}

export interface IdeatorPromptInput {
  task: IdeatorTask
  query: string
  brand: string
  brandDomain: string
  contentType: string
  language: string
  audience: string | null
  userBrief: string
  grounding: Grounding
  /** score: the ideas or drafts to score; content: the one idea to write. */
  items?: PromptItem[]
}

const instructions = (input: IdeatorPromptInput): string => {
  const type = contentTypeLabel(input.contentType)
  switch (input.task) {
    case 'ideas':
      return [
        `Propose exactly ${IDEATOR_LIMITS.ideasPerGeneration} ${type} ideas that would make AI assistants name ${input.brand} when asked the query.`,
        'Base every idea on the GROUNDING: the answers the AI models gave, the competitors they ranked above the brand and why, and the sources they cited.',
        'Each idea closes one gap of the GROUNDING: give that gap\'s id as gapId, and name the competitor or source concerned in the description.',
        'keyElements: 3 to 5 concrete elements the piece must contain (sections, data, sources to earn a citation from).',
      ].join(' ')
    case 'score':
      return 'Score each ITEM from 0 to 1 for how likely it is to make AI assistants cite or name the brand for the query, given the GROUNDING; give a one-sentence reason.'
    case 'content':
      return `Write the full ${type} for the ITEM in markdown (no HTML), in ${languageLabel(input.language)}, ready to publish. Close the gap it names, cover its key elements, and write for the audience when one is given.`
  }
}

const clean = (s: string) => s.replace(/<<<|>>>/g, '')
const line = (s: string) => clean(s).replace(/\s+/g, ' ').trim()
const block = (name: string, body: string) => `<<<${name}\n${clean(body)}\n${name}>>>`

export function ideatorPrompt(input: IdeatorPromptInput): { system: string; prompt: string; schemaName: string } {
  const parts = [
    `${MARKER} ${input.task}`,
    `Query: ${line(input.query)}`,
    `Brand: ${line(input.brand)}${input.brandDomain && input.brandDomain !== input.brand ? ` (${line(input.brandDomain)})` : ''}`,
    `Content type: ${input.contentType}`,
    `Language: ${input.language}`,
    `Audience: ${input.audience ? line(input.audience) : 'none'}`,
    instructions(input),
    block('GROUNDING', JSON.stringify(input.grounding)),
  ]
  if (input.userBrief) parts.push(block('BRIEF', input.userBrief))
  if (input.items) parts.push(block('ITEMS', JSON.stringify(input.items)))
  return {
    system: 'You are a content strategist for generative engine optimisation: content that AI assistants quote, cite and recommend. Answer only with the JSON the schema asks for.',
    prompt: parts.join('\n\n'),
    schemaName: `ideator_${input.task}`,
  }
}

function blockOf(text: string, name: string): string | undefined {
  const start = text.indexOf(`<<<${name}\n`)
  if (start < 0) return undefined
  const end = text.indexOf(`\n${name}>>>`, start)
  return end < 0 ? undefined : text.slice(start + name.length + 4, end)
}

function jsonOf(s: string | undefined): unknown {
  if (s === undefined) return undefined
  try {
    return JSON.parse(s)
  } catch {
    return undefined
  }
}

/** The inputs of an ideator prompt (the simulator answers from them), or null for any other prompt. */
export function parseIdeatorPrompt(text: string): IdeatorPromptInput | null {
  const m = new RegExp(`${MARKER} (\\w+)`).exec(text)
  if (!m || !['ideas', 'score', 'content'].includes(m[1])) return null
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? ''
  const brandLine = field('Brand')
  const bm = /^(.*?)(?: \((.*)\))?$/.exec(brandLine)
  const grounding = jsonOf(blockOf(text, 'GROUNDING')) as Grounding | undefined
  const items = jsonOf(blockOf(text, 'ITEMS'))
  const audience = field('Audience')
  return {
    task: m[1] as IdeatorTask,
    query: field('Query'),
    brand: bm?.[1] ?? brandLine,
    brandDomain: bm?.[2] ?? bm?.[1] ?? brandLine,
    contentType: field('Content type'),
    language: field('Language'),
    audience: audience && audience !== 'none' ? audience : null,
    userBrief: blockOf(text, 'BRIEF') ?? '',
    grounding: grounding ?? { scope: 'none', analysisId: null, analysisDate: null, brand: bm?.[1] ?? '', answers: [], competitorsAbove: [], sources: [], gaps: [] },
    items: Array.isArray(items) ? (items as PromptItem[]) : undefined,
  }
}
