/**
 * The public API's fact-check operations, declared in the route table (app/domain/api/routes.ts): their
 * zod schemas, from which the REST validation, the OpenAPI document and the MCP tools' inputs are generated.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { modelFilter } from '../api/schemas'

extendZodWithOpenApi(z)

export const accuracyApiQuery = z.object({ model: modelFilter })

const source = z.object({ url: z.string(), title: z.string().nullable(), domain: z.string().nullable() })

export const factsApiSchema = z
  .object({
    projectId: z.number().int(),
    brand: z.string(),
    facts: z.array(z.object({ id: z.number().int(), statement: z.string(), sourceUrl: z.string().nullable() })),
    canEdit: z.boolean(),
    maxFacts: z.number().int(),
  })
  .openapi('BrandFacts')

export const accuracyApiSchema = z
  .object({
    analysisId: z.number().int(),
    projectId: z.number().int(),
    brand: z.string(),
    run: z
      .object({ status: z.string(), answersTotal: z.number().int(), answersChecked: z.number().int(), claims: z.number().int(), costUsd: z.number(), stopped: z.string().nullable() })
      .nullable()
      .openapi({ description: 'The fact-check run of the analysis (null when none ran: the project had no facts). stopped: budget (daily cost cap) or cap (answers per run).' }),
    totals: z.object({ answersChecked: z.number().int(), supported: z.number().int(), contradicted: z.number().int(), unverifiable: z.number().int() }),
    newContradictions: z.number().int().openapi({ description: 'Contradicted claims no earlier analysis of the project had (each raised an alert).' }),
    facts: z.array(
      z.object({
        factId: z.number().int().nullable(),
        fact: z.string(),
        sourceUrl: z.string().nullable(),
        contradictions: z.number().int(),
        byModel: z.array(z.object({ modelId: z.number().int(), model: z.string(), claims: z.number().int() })),
        claims: z.array(
          z.object({
            claim: z.string(),
            modelId: z.number().int(),
            model: z.string(),
            answers: z.array(z.object({ responseId: z.number().int(), query: z.string(), sample: z.number().int(), sentence: z.string(), sources: z.array(source) })),
            firstSeen: z.string(),
            lastSeen: z.string(),
            isNew: z.boolean(),
          }),
        ),
      }),
    ),
    factCount: z.number().int(),
  })
  .openapi('Accuracy')

export const factcheckStartSchema = z.object({ started: z.boolean(), analysisId: z.number().int() }).openapi('FactcheckStarted')

export const ACCURACY_TOOL =
  'What the AI models get wrong about the brand in one analysis: the brand facts the project keeps (GET /projects/{id}/facts) are compared by an AI judge with every answer that names the brand. ' +
  'facts lists each fact that answers contradict (contradictions = claims, byModel per model), and per claim the model, the answers (query, sample, the sentence quoted) and the web sources those answers cited, ' +
  'firstSeen/lastSeen = the first and last day the project\'s analyses carried that claim, isNew = no earlier analysis had it. totals counts supported, contradicted and unverifiable claims over the answers checked.'
