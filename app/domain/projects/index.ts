/**
 * A project as the app reads it (the server builds it, screens show it) and the schemas of what a client may send
 * to create or change one. Pure: no I/O.
 */
import { z } from 'zod'
import { MAX_SAMPLES } from '../limits'
import { FIELD_LIMITS, jsonObject, list, text } from '../validation'
import type { AccessType } from '../sharing/access'

export interface BrandDetails {
  name: string
  alternativeNames: string[]
  domains: string[]
}

export interface QueryItem {
  query: string
  topic?: string | null
  audience?: string | null
  audienceContext?: string | null
}

export interface Project {
  id: number
  name: string
  brandDomain: string
  brandDisplayName: string
  marketDescription: string
  marketType: 'B2C' | 'B2B'
  marketRegion: string
  language: string
  competitors: string[]
  competitorDetails: BrandDetails[]
  brandDetails: BrandDetails
  queries: string[]
  queriesWithAudience: QueryItem[]
  audiences: unknown[]
  topics: { id: string; name: string; relevance: number; isSelected: boolean }[]
  isLightMode: boolean
  isAdvancedMode: boolean
  isArchived: boolean
  isPublic: boolean
  isShared: boolean
  accessType: AccessType
  userId: number
  ownerEmail: string
  userEmail: string
  samplesPerQuery: number
  createdAt: string
  updatedAt: string
  latestAnalysis: { id: number; status: string; createdAt: string } | null
}

// ---------------------------------------------------------------- what a client sends

const L = FIELD_LIMITS
const listItem = (label: string, max: number) => text(label, max, { collapse: true })
const nameList = (label: string) => list(label, listItem(label, L.competitor)).transform((l) => l.filter(Boolean))

const brandDetailsSchema = z.object({
  name: listItem('Brand name', L.name).optional(),
  // Blank alternative names are kept so the validation can answer 'Alternative name cannot be empty'.
  alternativeNames: list('Alternative names', listItem('Alternative name', L.competitor)).default([]),
  domains: nameList('Domains').default([]),
})
const competitorDetailsSchema = brandDetailsSchema.extend({ name: listItem('Competitor', L.competitor) })

const queryItemSchema = z.union([
  listItem('Query', L.query),
  z.object({
    query: listItem('Query', L.query),
    topic: text('Topic', L.query).nullish(),
    audience: text('Audience', L.query).nullish(),
    audienceContext: text('Audience context', L.detail).nullish(),
  }),
])

/** Competitors may arrive as a list of names, a comma-separated string, or detail objects. */
const competitorsSchema = z
  .union([text('Competitors', L.competitor * 20), list('Competitors', z.union([listItem('Competitor', L.competitor), competitorDetailsSchema]))])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v))
  .transform((names) => names.map((c) => (typeof c === 'string' ? { name: c.trim(), alternativeNames: [], domains: [] } : { ...c, name: c.name })))
  .superRefine((names, ctx) => {
    if (names.some((c) => c.name.length > L.competitor)) ctx.addIssue({ code: 'custom', message: `Competitor must be at most ${L.competitor} characters` })
  })

const required = (message: string, label: string, max: number, collapse = true) => text(label, max, { required: message, collapse })
const samples = z.number().int().min(1, 'Samples per query must be between 1 and 5').max(MAX_SAMPLES, 'Samples per query must be between 1 and 5')

export const projectInputSchema = z.object({
  name: required('Project name is required', 'Project name', L.name),
  brandDomain: required('Brand name is required', 'Brand name', L.name),
  marketDescription: required('Market description is required', 'Market description', L.marketDescription, false),
  marketRegion: text('Market region', L.marketRegion, { collapse: true }).optional().default(''),
  language: text('Language', L.language).optional().default('en-GB').transform((s) => s || 'en-GB'),
  marketType: z.enum(['B2C', 'B2B'], { error: 'Market type must be B2C or B2B' }).optional().default('B2C'),
  competitors: competitorsSchema.optional().default([]),
  competitorDetails: list('Competitor details', competitorDetailsSchema).optional(),
  brandDetails: brandDetailsSchema.optional(),
  queries: list('Queries', queryItemSchema).optional().default([]),
  queriesWithAudience: list('Queries', queryItemSchema).optional(),
  audiences: list('Audiences', jsonObject('Audience')).optional(),
  topics: list('Topics', jsonObject('Topic')).optional(),
  isLightMode: z.boolean().optional().default(false),
  isAdvancedMode: z.boolean().optional().default(false),
  samplesPerQuery: samples.optional().default(1),
})
export type ProjectInput = z.infer<typeof projectInputSchema>

export const projectPatchSchema = z.object({
  name: required('Project name is required', 'Project name', L.name).optional(),
  brandDomain: required('Brand domain is required', 'Brand domain', L.name).optional(),
  marketDescription: required('Market description is required', 'Market description', L.marketDescription, false).optional(),
  marketRegion: text('Market region', L.marketRegion, { collapse: true }).optional(),
  language: text('Language', L.language).optional(),
  marketType: z.enum(['B2C', 'B2B'], { error: 'Market type must be B2C or B2B' }).optional(),
  competitors: competitorsSchema.optional(),
  competitorDetails: list('Competitor details', competitorDetailsSchema).optional(),
  brandDetails: brandDetailsSchema.optional(),
  queries: list('Queries', queryItemSchema).optional(),
  isLightMode: z.boolean().optional(),
  samplesPerQuery: samples.optional(),
})
export type ProjectPatch = z.infer<typeof projectPatchSchema>
