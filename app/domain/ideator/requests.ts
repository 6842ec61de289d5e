/** zod schemas of the ideator's request bodies and its texts, shared by the routes and the screen. Pure. */
import { z } from 'zod'
import { id, list, requiredOr, text } from '../validation'
import { CONTENT_TYPE_IDS, DEFAULT_CONTENT_TYPE, IDEATOR_LANGUAGE_CODES, IDEATOR_LIMITS as L } from './constants'

/** Validation and toasts. */
export const IDEATOR_MESSAGES = {
  noCustomQuery: 'No custom query provided',
  noQuerySelected: 'No query selected',
  noIdeasSelected: 'No content ideas selected',
  generationFailed: 'Generation Failed',
  ideasFailed: 'Failed to generate content ideas',
  /** A non-OK reply shows its status and its body as received, e.g. `Failed to generate content ideas: 429 {"error":"…"}`. */
  ideasFailedStatus: (status: number, body: string) => `Failed to generate content ideas: ${status} ${body}`.trimEnd(),
  /** Every content failure shows this text, never the vendor's or the server's detail. */
  contentFailed: 'Failed to generate content',
  ideasGenerated: 'Content Ideas Generated',
  ideasGeneratedCount: (n: number) => `${n} content idea${n === 1 ? '' : 's'} generated`,
  contentGenerated: 'Content Generated',
  inactive: 'Account is paused - contact admin to reactivate',
  limitReached: (n: number) => `Idea generation limit reached (${n} left). Upgrade your plan or contact support for increased limits.`,
  tooManyIdeas: `Select at most ${L.maxSelectedIdeas} ideas`,
} as const

const optionalText = (label: string, max: number) => text(label, max).optional().default('')
const contentType = z.enum(CONTENT_TYPE_IDS, { error: 'Unsupported content type' })
const language = z.enum(IDEATOR_LANGUAGE_CODES, { error: `Unsupported language: use one of ${IDEATOR_LANGUAGE_CODES.join(', ')}` })
/** 'none' (or nothing) means no audience. */
const audienceId = z
  .union([text('audienceId', 100), z.null()])
  .optional()
  .transform((v) => (v && v !== 'none' ? v : null))
const audience = z
  .union([
    text('audience', L.userBrief),
    z.object({ name: text('audience.name', 200).optional().default(''), description: text('audience.description', L.userBrief).optional().default('') }).passthrough(),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : typeof v === 'string' ? (v ? v : null) : [v.name, v.description].filter(Boolean).join(': ') || null))

const common = {
  projectId: id('projectId'),
  userBrief: optionalText('User brief', L.userBrief),
  brandName: text('brandName', 200).optional(),
  brandDomain: text('brandDomain', 200).optional(),
  audienceId,
  audience,
  contentType: contentType.optional().default(DEFAULT_CONTENT_TYPE),
  /** Absent: the project's own language (constants.ts defaultIdeatorLanguage). */
  language: language.optional(),
}

/** POST /api/content-recommendations/generate-ideas. */
export const generateIdeasRequest = z
  .object({
    ...common,
    query: text('Query', L.query, { collapse: true }).optional().default(''),
    isCustomQuery: z.boolean({ error: 'isCustomQuery must be true or false' }).optional().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.query) ctx.addIssue({ code: 'custom', path: ['query'], message: b.isCustomQuery ? IDEATOR_MESSAGES.noCustomQuery : IDEATOR_MESSAGES.noQuerySelected })
  })

const score = z.number().min(0).max(1).nullable().optional()
/** An idea as the screen sends it back (the server keeps its own copy; this names which ones). */
export const selectedIdea = z.object({
  id: text('idea id', 64, { required: 'Each selected idea needs an id' }),
  title: text('idea title', 300, { required: 'Each selected idea needs a title' }),
  description: optionalText('idea description', L.userBrief),
  keyElements: list('keyElements', text('key element', 500)).optional().default([]),
  gapId: text('gapId', 64).optional(),
  gap: text('gap', 1_000).optional(),
  score,
  openaiScore: score,
  geminiScore: score,
})

/** POST /api/content-recommendations/generate-content. */
export const generateContentRequest = z.object({
  ...common,
  query: text('Query', L.query, { collapse: true }).optional().default(''),
  selectedIdeas: z
    .array(selectedIdea, { error: requiredOr(IDEATOR_MESSAGES.noIdeasSelected, 'selectedIdeas must be a list') })
    .min(1, IDEATOR_MESSAGES.noIdeasSelected)
    .max(L.maxSelectedIdeas, IDEATOR_MESSAGES.tooManyIdeas),
})

export type GenerateIdeasRequest = z.infer<typeof generateIdeasRequest>
export type GenerateContentRequest = z.infer<typeof generateContentRequest>
