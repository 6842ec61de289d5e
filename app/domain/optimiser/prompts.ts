/**
 * The optimiser's prompts. Each names its task on the first line and carries its inputs in delimited
 * blocks, so the simulator (and a reader of the Temporal history) can tell one call from another. Pure.
 */
import { INTENT_TYPES, ACTIONS_PER_PILLAR, PILLAR_LABELS, PILLARS } from './constants'
import type { OptimiserTask } from './schemas'

const MARKER = 'CONTENT OPTIMISER TASK:'

export interface OptimiserPromptInput {
  task: OptimiserTask
  targetPrompt: string
  language: string
  content: string
  chunks?: { id: string; text: string }[]
  /** Facts measured by the product (crawlability) or pillar scores (summary), as JSON. */
  data?: unknown
  /** Optimise: recommendations to apply and custom requirements. */
  recommendations?: string[]
  customRequirements?: string
}

const INSTRUCTIONS: Record<OptimiserTask, string> = {
  relevance: 'Score each chunk 0-10 for how well it answers the target prompt, give up to 3 recommendations per chunk, then an overall analysis with the percentage of the prompt\'s sub-questions the page covers (gapCoverage), missing opportunities and next steps.',
  synthesis: 'Judge how easily an AI assistant can synthesise an answer from this page: direct summaries, logical headings, self-contained sections, structured data, clarity.',
  citation: 'Judge how citation-worthy the page is for AI answers: factual accuracy, authoritative references, E-E-A-T signals, freshness, originality, clear extraction; score each chunk on the same six measures and list what it lacks.',
  breadthDepth: 'Judge the breadth and depth of the page for the target prompt: coverage, depth, structure, semantic richness, balance; list covered and missing topics.',
  multiModal: 'Judge the page\'s multi-modal support for AI answers: count its images, videos, tables, charts and other media, score crawlability, context, markup, data readability, relevance, integration and variety, and propose enhancements.',
  personalisation: `Judge how well the page serves different intents (${INTENT_TYPES.join(', ')}) and personas: resilience to prompt variations and multi-intent coverage; propose an expansion plan.`,
  crawlability: 'Judge how well AI crawlers can access, render and index the page. Use the measured facts given; propose a bot access plan.',
  summary: `Summarise the most important recommendations across the seven pillars with a priority (high, medium, low) and expected impact, and give exactly ${ACTIONS_PER_PILLAR} critical actions for each pillar (${PILLARS.map((p) => PILLAR_LABELS[p]).join(', ')}).`,
  criticalActions: `Give exactly ${ACTIONS_PER_PILLAR} critical actions for each of the seven pillars (${PILLARS.map((p) => PILLAR_LABELS[p]).join(', ')}), most urgent first.`,
  optimise: 'Rewrite the content as clean semantic HTML (no scripts, no styles) applying the selected recommendations and requirements, in the requested language; summarise the improvements and list the optimisations applied.',
}

const clean = (s: string) => s.replace(/<<<|>>>/g, '')

function block(name: string, body: string) {
  return `<<<${name}\n${clean(body)}\n${name}>>>`
}

export function optimiserPrompt(input: OptimiserPromptInput): { system: string; prompt: string; schemaName: string } {
  const parts = [
    `${MARKER} ${input.task}`,
    `Target prompt: ${clean(input.targetPrompt).replace(/\s+/g, ' ')}`,
    `Language: ${input.language}`,
    INSTRUCTIONS[input.task],
    block('CONTENT', input.content),
  ]
  if (input.chunks) parts.push(block('CHUNKS', JSON.stringify(input.chunks)))
  if (input.data !== undefined) parts.push(block('DATA', JSON.stringify(input.data)))
  if (input.recommendations) parts.push(block('RECOMMENDATIONS', input.recommendations.map((r) => `- ${r.replace(/\s+/g, ' ')}`).join('\n')))
  if (input.customRequirements) parts.push(block('REQUIREMENTS', input.customRequirements))
  return {
    system: 'You are an expert in generative engine optimisation: making web content the source AI assistants quote and cite. Answer only with the JSON the schema asks for.',
    prompt: parts.join('\n\n'),
    schemaName: `optimiser_${input.task}`,
  }
}

function blockOf(text: string, name: string): string | undefined {
  const start = text.indexOf(`<<<${name}\n`)
  if (start < 0) return undefined
  const from = start + name.length + 4
  const end = text.indexOf(`\n${name}>>>`, from)
  return end < 0 ? undefined : text.slice(from, end)
}

function jsonOf(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The inputs of an optimiser prompt, or null when the text is not one (used by the simulator). */
export function parseOptimiserPrompt(text: string): OptimiserPromptInput | null {
  const m = new RegExp(`${MARKER} (\\w+)`).exec(text)
  if (!m || !(m[1] in INSTRUCTIONS)) return null
  const chunks = jsonOf(blockOf(text, 'CHUNKS'))
  const recs = blockOf(text, 'RECOMMENDATIONS')
  return {
    task: m[1] as OptimiserTask,
    targetPrompt: /Target prompt: (.*)/.exec(text)?.[1] ?? '',
    language: /Language: (.*)/.exec(text)?.[1] ?? 'en-GB',
    content: blockOf(text, 'CONTENT') ?? '',
    chunks: Array.isArray(chunks) ? (chunks as { id: string; text: string }[]) : undefined,
    data: jsonOf(blockOf(text, 'DATA')),
    recommendations: recs === undefined ? undefined : recs.split('\n').map((l) => l.replace(/^- /, '')).filter(Boolean),
    customRequirements: blockOf(text, 'REQUIREMENTS'),
  }
}
