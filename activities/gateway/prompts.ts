/**
 * Prompts the product sends to the models. The framework prompt carries its inputs as
 * labelled lines ("Brand: ...") so that the model simulator can read them back
 * (parseFrameworkPrompt) and learn the project.
 */

export interface FrameworkInput {
  brand: string
  market: string
  region?: string
  language: string
  marketType?: 'B2C' | 'B2B'
  maxCompetitors: number
  maxQueries: number
}

export interface FrameworkResult {
  competitors: { name: string; alternativeNames: string[]; domains: string[] }[]
  brandDomains: string[]
  queries: string[]
}

export const FRAMEWORK_SCHEMA_NAME = 'analysis_framework'

/** Strict-mode compatible (all properties required, no additional properties). */
export const FRAMEWORK_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['competitors', 'brandDomains', 'queries'],
  properties: {
    competitors: {
      type: 'array',
      description: 'Competing brands, strongest first. Never the brand itself.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'alternativeNames', 'domains'],
        properties: {
          name: { type: 'string', description: 'Brand name as people write it.' },
          alternativeNames: { type: 'array', items: { type: 'string' }, description: 'Other names, abbreviations or product lines people use for it.' },
          domains: { type: 'array', items: { type: 'string' }, description: 'Website domains without protocol or www, e.g. example.com.' },
        },
      },
    },
    brandDomains: { type: 'array', items: { type: 'string' }, description: "The brand's own website domains." },
    queries: { type: 'array', items: { type: 'string' }, description: 'Search-style questions a buyer would ask an AI assistant.' },
  },
}

export const LABELS = {
  brand: 'Brand',
  market: 'Market',
  region: 'Region',
  language: 'Language',
  marketType: 'Market type',
  maxCompetitors: 'Competitors wanted',
  maxQueries: 'Queries wanted',
} as const

export const GLOBAL = 'Global'

export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

export function frameworkPrompt(input: FrameworkInput): { system: string; prompt: string; schemaName: string; schema: Record<string, unknown> } {
  const brand = oneLine(input.brand)
  const market = oneLine(input.market)
  const region = oneLine(input.region ?? '') || GLOBAL
  const marketType = input.marketType ?? 'B2C'
  const asker = marketType === 'B2B' ? 'business buyer' : 'consumer'
  const where = region === GLOBAL ? 'anywhere in the world' : `in ${region}`
  const prompt = [
    'Build the analysis framework for a study of how AI assistants talk about a brand.',
    '',
    `${LABELS.brand}: ${brand}`,
    `${LABELS.market}: ${market}`,
    `${LABELS.region}: ${region}`,
    `${LABELS.language}: ${oneLine(input.language)}`,
    `${LABELS.marketType}: ${marketType}`,
    `${LABELS.maxCompetitors}: ${input.maxCompetitors}`,
    `${LABELS.maxQueries}: ${input.maxQueries}`,
    '',
    'Tasks:',
    `1. List exactly ${input.maxCompetitors} real competitors of ${brand} in this market ${where}, strongest first. For each give its name, other names people use for it (alternativeNames) and its website domains without protocol or "www." (domains). Do not list ${brand} itself.`,
    `2. List ${brand}'s own website domains (brandDomains).`,
    `3. Write exactly ${input.maxQueries} distinct questions a ${asker} ${where} would ask an AI assistant when choosing in this market, in the language ${oneLine(input.language)}. Do not name ${brand}. Mix "best ... for ..." questions, comparisons and problem-led questions, and mention the region where it matters.`,
  ].join('\n')
  const system = 'You are a market analyst. You know which brands compete in a market and how people phrase questions to AI assistants when they research a purchase. Answer only with JSON that matches the schema.'
  return { system, prompt, schemaName: FRAMEWORK_SCHEMA_NAME, schema: FRAMEWORK_SCHEMA }
}

/** Reads the labelled lines back out of a framework prompt; undefined if it is not one. */
export function parseFrameworkPrompt(text: string): FrameworkInput | undefined {
  const field = (label: string) => new RegExp(`^${label}: *(.*)$`, 'm').exec(text)?.[1]?.trim()
  const brand = field(LABELS.brand)
  const market = field(LABELS.market)
  const competitors = Number(field(LABELS.maxCompetitors))
  const queries = Number(field(LABELS.maxQueries))
  if (!brand || !market || !Number.isFinite(competitors) || !Number.isFinite(queries)) return undefined
  const region = field(LABELS.region)
  const marketType = field(LABELS.marketType)
  return {
    brand,
    market,
    region: region && region !== GLOBAL ? region : undefined,
    language: field(LABELS.language) || 'en',
    marketType: marketType === 'B2B' ? 'B2B' : 'B2C',
    maxCompetitors: Math.max(0, Math.floor(competitors)),
    maxQueries: Math.max(0, Math.floor(queries)),
  }
}

