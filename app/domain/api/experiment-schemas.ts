/** Schemas of the experiments routes of /api/v1: list, record and read a content change's estimate. */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { experimentSchema, METRICS } from '../experiments'
import { isoDate, isoDateTime, pathId } from './schemas'

extendZodWithOpenApi(z)

export const experimentParams = z.object({ projectId: pathId('projectId'), experimentId: pathId('experimentId') })

/** What changed (description, urls), the date it went live (changeDate), the queries it targets (treated) and the ones it should not move (control): the Trends form's schema. */
export const experimentBody = experimentSchema

const experiment = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    description: z.string(),
    urls: z.array(z.string()),
    changeDate: isoDate,
    treated: z.array(z.string()),
    control: z.array(z.string()),
    createdAt: isoDateTime,
  })
  .openapi('Experiment')

const baseline = z.object({ runsBefore: z.number().int(), enough: z.boolean(), warning: z.string().nullable() }).openapi('ExperimentBaseline')

const estimate = z
  .object({
    metric: z.enum(METRICS),
    effect: z.number().nullable().openapi({ description: 'Difference in differences: percentage points for visibility, mentionRate and citationRate; rank places for averageRank (negative = better). Null until both periods have data.' }),
    low: z.number().nullable().openapi({ description: 'Lower end of the 95 % bootstrap interval.' }),
    high: z.number().nullable(),
    n: z.object({ treatedQueries: z.number().int(), controlQueries: z.number().int(), daysBefore: z.number().int(), daysAfter: z.number().int(), answers: z.number().int() }),
  })
  .openapi('ExperimentEstimate')

export const experimentListSchema = z.object({ projectId: z.number().int(), items: z.array(experiment) }).openapi('ExperimentList')
export const experimentCreatedSchema = z.object({ experiment, baseline }).openapi('ExperimentCreated')

export const experimentResultsSchema = z
  .object({
    experiment,
    verdict: z.string().openapi({ description: '"no detectable effect yet", "visibility up x points (interval a–b)" or "visibility down x points (interval a–b)".' }),
    estimates: z.array(estimate),
    byModel: z.array(z.object({ modelId: z.number().int(), model: z.string(), verdict: z.string(), estimates: z.array(estimate) })),
    series: z.array(z.object({ date: isoDate, treated: z.number().nullable(), control: z.number().nullable() })).openapi({ description: 'Visibility per day: the mean over the treated and over the control queries.' }),
    baseline,
    power: z.object({ minimumDetectable: z.number().nullable(), useful: z.boolean(), hint: z.string().nullable() }).openapi({ description: 'Smallest visibility effect (points) detectable at 5 % with 80 % power.' }),
    modelChanges: z.array(z.object({ date: isoDate, modelId: z.number().int(), message: z.string() })).openapi({ description: 'Model changes the canaries flagged between the first day and today: trend moves on those days are more likely the model.' }),
    method: z.string(),
  })
  .openapi('ExperimentResults')
