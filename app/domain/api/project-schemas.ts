/**
 * Schemas of the /api/v1 routes added for MCP parity: a project's latest completed analysis read by
 * project (visibility, query ranks, sources: what an agent asks first), the daily schedule, and the report export.
 * Same conventions as schemas.ts: string inputs from the URL, validated with the shared primitives.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { idFrom, MAX_ID } from '../validation'
import { REPORT_FORMATS, reportQuerySchema } from '../report'
import { scheduleChangeSchema } from '../trends'
import { isoDate, isoDateTime, modelFilter, optionalText, sourcesQuery } from './schemas'
import { queryRankDataSchema } from './results'

// Idempotent; here too because this module may be evaluated before schemas.ts has run its own call.
extendZodWithOpenApi(z)

/** ?analysisId=: one analysis of the project; absent = its latest completed one. */
const analysisIdQuery = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined
    const n = idFrom(v)
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: `analysisId must be a positive whole number (at most ${MAX_ID})` })
      return z.NEVER
    }
    return n
  })
  .openapi({ param: { name: 'analysisId', in: 'query' }, type: 'integer', minimum: 1, maximum: MAX_ID, description: 'An analysis of the project; default its latest completed one.' } as any)

export const latestQuery = z.object({ analysisId: analysisIdQuery })

export const queryRanksQuery = z.object({
  analysisId: analysisIdQuery,
  brand: optionalText('brand', 'Brand name (own brand or a competitor); default the own brand.'),
  model: modelFilter,
})

export const projectSourcesQuery = sourcesQuery.extend({ analysisId: analysisIdQuery })

// Spread, not .extend(): extend renders as allOf [QueryRankData, …], which a closed contract check cannot satisfy.
export const queryRanksSchema = z
  .object({
    ...queryRankDataSchema.shape,
    analysisId: z.number().int(),
    date: isoDate,
    filters: z.object({ model: z.string(), topic: z.string().nullable(), audience: z.string().nullable() }),
  })
  .openapi('QueryRanks')

export const scheduleSchema = z
  .object({
    scheduleId: z.string(),
    exists: z.boolean(),
    paused: z.boolean(),
    note: z.string().nullable(),
    hour: z.number().int().nullable(),
    timeZone: z.string().nullable(),
    nextRunAt: isoDateTime.nullable(),
    skippedOverlap: z.number().int().openapi({ description: 'Runs Temporal skipped because the previous one was still going.' }),
    running: z.boolean(),
    actionsTaken: z.number().int(),
    recentRuns: z.array(
      z.object({ workflowId: z.string(), outcome: z.enum(['started', 'skipped']), reason: z.string().nullable(), analysisId: z.number().int().nullable(), at: isoDateTime }),
    ),
  })
  .openapi('DailySchedule')

/** {"action": "enable", "hour": 0-23, "timeZone": "Europe/London"} or {"action": "pause" | "resume" | "delete" | "trigger"}: the Trends page's schema. */
export const scheduleChangeBody = scheduleChangeSchema

// xlsx by default here (the app's download defaults to pdf): a program wants the data, and a PDF costs a Chromium print.
export const reportQuery = reportQuerySchema.extend({
  format: z.enum(REPORT_FORMATS).default('xlsx').openapi({ description: 'xlsx (default) or pdf (HTML when the server has no Chromium).' }),
})

export const exportFileSchema = z
  .object({
    fileName: z.string(),
    contentType: z.string(),
    bytes: z.number().int(),
    base64: z.string().openapi({ description: 'The file, base64-encoded.' }),
  })
  .openapi('ExportFile')

const rewriteSimulated = z.boolean().openapi({ description: 'Demo mode: the built-in model simulator writes the rewrite, not a real AI model.' })

export const reportRewriteStartedSchema = z
  .object({
    analysisId: z.number().int(),
    rewriteId: z.number().int(),
    status: z.literal('pending'),
    simulated: rewriteSimulated,
  })
  .openapi('ReportRewriteStarted')

export const reportRewriteSchema = z
  .object({
    analysisId: z.number().int(),
    enabled: z.boolean().openapi({ description: 'Whether the setting "Rewrite the summary\'s style with a model" is on for the project (its own value, else its owner\'s account\'s; off by default).' }),
    rewriteId: z.number().int().nullable(),
    status: z.enum(['pending', 'accepted', 'rejected', 'failed']).nullable().openapi({
      description:
        'The latest rewrite of the summary as it stands now (null: none asked for). accepted: every figure is one of the computed facts and the report shows it; ' +
        'rejected: it had figures that are not (unknownFigures), so the report shows the computed summary with a notice; failed: it could not be made (error).',
    }),
    unknownFigures: z.array(z.number()).openapi({ description: 'The figures of a rejected rewrite that are not among the computed facts.' }),
    paragraphs: z.array(z.string()).nullable().openapi({ description: 'The accepted rewrite, one paragraph per summary section; null otherwise (a rejected text is never shown).' }),
    error: z.string().nullable(),
    simulated: rewriteSimulated,
  })
  .openapi('ReportRewrite')
