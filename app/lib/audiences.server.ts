/**
 * Topics & Audiences setup on the server: the three generation calls run as Temporal workflows (like the
 * framework), and a project's audiences are read and saved here.
 */
import { randomUUID } from 'node:crypto'
import { WorkflowFailedError } from '@temporalio/client'
import type { User } from './auth.server'
import { db } from './db.server'
import { forbidden } from './http.server'
import { recordModelUsage, type BudgetTicket } from './model-budget.server'
import { getProject } from './projects.server'
import { getAnalysis } from './analyses.server'
import { ANSWERED } from './results-data.server'
import { executeWorkflow, type WorkflowName } from './temporal.server'
import { MAX_COMPETITORS } from '../domain/limits'
import {
  FAILED_AUDIENCES_TOPICS,
  INVALID_RESPONSE,
  LIGHT_TIER_MESSAGE,
  PERSONAS_WANTED,
  TOPICS_WANTED,
  audienceContextOf,
  audienceQueryTotal,
  spreadEvenly,
  topicQueryTotal,
  type Audience,
  type QueryGroup,
  type SetupFields,
  type Topic,
} from '../domain/audiences'
import type { z } from 'zod'
import type { saveAudiencesSchema } from '../domain/audiences'
import { askerQueries, modelsOfFilter, personaVisibility, type AskerAnswer, type PersonaVisibility, type SnapshotQuery } from '../domain/audiences/asker'
import type { ModelFilter } from '../domain/results/types'
import { audiencesWorkflowId } from '../../workflows/shared'

type AudienceWorkflow = Extract<WorkflowName, 'audiencesTopicsWorkflow' | 'audienceQueriesWorkflow'>
type ArgsOf<K extends AudienceWorkflow> = Parameters<typeof executeWorkflow<K>>[1]['args']

/** Paused accounts cannot generate; the light tier has no audience/topic setup (403 with the 'Upgrade to Use Audiences & Topics' advice). */
export function requireAudienceSetup(user: User) {
  if (!user.isActive) forbidden('Account is paused - contact admin to reactivate')
  if (user.tier === 'light') forbidden(LIGHT_TIER_MESSAGE)
}

interface Failure {
  error: string
  message: string
}

/** The failure of a generation workflow as the texts users see: a configuration problem names the API key, an unusable reply is 'Invalid response...'. */
function failureOf(err: unknown, error: string): Failure {
  const app = err instanceof WorkflowFailedError ? ((err.cause as any)?.cause ?? err.cause) : err
  const type = (app as { type?: string } | undefined)?.type
  const message = app instanceof Error ? app.message : String(app ?? '')
  if (type === 'invalid-response' || type === 'malformed' || /schema|JSON|empty/i.test(message)) return { error, message: INVALID_RESPONSE }
  if (type === 'configuration' || /api key|not configured/i.test(message)) return { error, message: `API configuration issue: ${message || 'no AI model API key is configured'}` }
  return { error, message: message || 'The AI model did not answer' }
}

/** Runs one generation workflow by its function (typed arguments and result) and waits for it; the run carries the search attributes. */
function run<K extends AudienceWorkflow>(user: User, workflow: K, args: ArgsOf<K>[0], brand: string, summary: string, ticket: BudgetTicket) {
  return executeWorkflow(workflow, {
    workflowId: audiencesWorkflowId(user.id, randomUUID().slice(0, 8)),
    args: [args] as ArgsOf<K>,
    timeout: '4 minutes',
    labels: { userEmail: user.email, brand, runKind: 'audiences' },
    summary: `${summary} for ${brand} · ${user.email}`,
    ticket,
  })
}

const projectOf = (f: SetupFields) => ({ brand: f.brandDomain, market: f.marketDescription, region: f.marketRegion, language: f.language, marketType: f.marketType })

/** POST /api/generate-audiences-topics → { audiences, topics } or a failure text users can act on. */
export async function generateAudiencesTopics(user: User, fields: SetupFields, ticket: BudgetTicket): Promise<{ audiences: Audience[]; topics: Topic[] } | Failure> {
  try {
    const out = await run(
      user,
      'audiencesTopicsWorkflow',
      { ...projectOf(fields), audiencesWanted: PERSONAS_WANTED, topicsWanted: TOPICS_WANTED },
      fields.brandDomain,
      'Audiences & topics',
      ticket,
    )
    await recordModelUsage(user.id, 'audiences', out.provider, out.costUsd)
    return { audiences: out.audiences, topics: out.topics }
  } catch (err) {
    return failureOf(err, FAILED_AUDIENCES_TOPICS)
  }
}

type Selected = { audiences: Omit<Audience, 'type'>[]; topics: Pick<Topic, 'id' | 'name'>[] }

/** Groups of an audience-query request: the total (40, 20 light) spread evenly over the selected audiences. */
export function audienceGroups(sel: Selected, isLightMode: boolean): { groups: QueryGroup[]; labels: { name: string; description: string }[]; total: number } {
  const total = audienceQueryTotal(isLightMode)
  const counts = spreadEvenly(total, sel.audiences.length)
  const topicName = new Map(sel.topics.map((t) => [t.id, t.name]))
  return {
    total,
    groups: sel.audiences.map((a, i) => ({
      key: `A${i + 1}`,
      count: counts[i],
      topic: null,
      audience: a.name,
      audienceContext: audienceContextOf(a),
      topicChoices: a.topics.map((t) => topicName.get(t)).filter((x): x is string => Boolean(x)),
    })),
    labels: sel.audiences.map((a) => ({ name: a.name, description: [a.description, a.painPoints && `pain points: ${a.painPoints}`].filter(Boolean).join('; ') })),
  }
}

/** Groups of a topic-query request: 5 per topic, at most maxQueries (50; 20 light); each topic's queries are asked on behalf of its connected audiences in turn. */
export function topicGroups(topics: Pick<Topic, 'name' | 'audienceIds'>[], maxQueries: number, isLightMode: boolean, audiences: Pick<Audience, 'id' | 'name' | 'description'>[] = []) {
  const total = topicQueryTotal(topics.length, maxQueries, isLightMode)
  const counts = spreadEvenly(total, topics.length)
  const byId = new Map(audiences.map((a) => [a.id, a]))
  return {
    total,
    groups: topics.map((t, i) => ({
      key: `T${i + 1}`,
      count: counts[i],
      topic: t.name,
      audience: null,
      audienceContext: null,
      rotate: t.audienceIds.flatMap((id) => {
        const a = byId.get(id)
        return a ? [{ audience: a.name, audienceContext: audienceContextOf(a) }] : []
      }),
    })),
    labels: topics.map((t) => ({ name: t.name })),
  }
}

/** POST /api/generate-audience-queries and /api/generate-topic-queries → competitors, queries, competitorDetails, brandDetails. */
export async function generateGroupQueries(
  user: User,
  task: 'audience-queries' | 'topic-queries',
  fields: SetupFields,
  plan: { groups: QueryGroup[]; labels: { name: string; description?: string }[]; total: number },
  ticket: BudgetTicket,
) {
  try {
    const out = await run(
      user,
      'audienceQueriesWorkflow',
      { ...projectOf(fields), task, maxCompetitors: MAX_COMPETITORS, ...plan },
      fields.brandDomain,
      task === 'audience-queries' ? 'Audience queries' : 'Topic queries',
      ticket,
    )
    await recordModelUsage(user.id, 'audiences', out.provider, out.costUsd)
    return {
      competitors: out.competitors.map((c) => c.name),
      competitorDetails: out.competitors,
      brandDetails: { name: fields.brandDomain, alternativeNames: [] as string[], domains: out.brandDomains },
      queries: out.queries,
    }
  } catch (err) {
    return failureOf(err, task === 'audience-queries' ? 'Failed to generate audience queries' : 'Failed to generate topic-based queries')
  }
}

/** GET /api/projects/{id}/audiences: anyone who may read the project. */
export async function projectAudiences(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'read')
  return { audiences: project.audiences, topics: project.topics, askAsPersona: await askerOf(projectId) }
}

const askerOf = async (projectId: number) =>
  Boolean((await db()<{ on: boolean }[]>`select ask_as_persona as on from projects where id = ${projectId}`)[0]?.on)

/** POST /api/projects/{id}/audiences { askAsPersona }: the owner turns persona asking on or off for later analyses. */
export async function setAskAsPersona(user: User, projectId: number, askAsPersona: boolean) {
  await getProject(user, projectId, 'write')
  await db()`update projects set ask_as_persona = ${askAsPersona} where id = ${projectId}`
  return { success: true, askAsPersona }
}

/**
 * GET /api/analyses/{id}/audiences: visibility per persona with and without the persona's context (n and 95 %
 * Wilson interval each), over the models of the results screen's model filter; anyone who may read the analysis.
 */
export async function analysisPersonas(
  user: User,
  analysisId: number,
  filters: { model: ModelFilter; topic?: string; audience?: string },
): Promise<PersonaVisibility & { analysisId: number; askAsPersona: boolean; isOwner: boolean }> {
  const { analysis, project } = await getAnalysis(user, analysisId, 'read')
  const queries = (analysis.queries as SnapshotQuery[]).filter((q) => (!filters.topic || q.topic === filters.topic) && (!filters.audience || q.audience === filters.audience))
  const indexes = askerQueries(queries).map((q) => q.index)
  const own = (analysis.brands as { brand: { name: string } }).brand.name
  const sql = db()
  const toAnswer = (r: { model_id: number; query_index: number; answered: boolean; rank: string | null }): AskerAnswer => ({
    modelId: r.model_id,
    queryIndex: r.query_index,
    answered: r.answered,
    ownRank: r.rank === null ? null : Number(r.rank),
  })
  const [base, asked] = indexes.length
    ? await Promise.all([
        sql<{ model_id: number; query_index: number; answered: boolean; rank: string | null }[]>`
          select model_id, query_index, ${ANSWERED(sql)} as answered, rankings->>${own} as rank
          from api_responses where analysis_id = ${analysisId} and query_index = any(${indexes}::int[])`,
        sql<{ model_id: number; query_index: number; answered: boolean; rank: string | null }[]>`
          select model_id, query_index, ${ANSWERED(sql)} as answered, rankings->>${own} as rank
          from persona_responses where analysis_id = ${analysisId} and query_index = any(${indexes}::int[])`,
      ])
    : [[], []]
  const models = modelsOfFilter(filters.model)
  return {
    analysisId,
    askAsPersona: await askerOf(analysis.project_id),
    isOwner: project.accessType === 'owner',
    ...personaVisibility(queries, base.map(toAnswer), asked.map(toAnswer), models),
  }
}

/** POST /api/audiences/save: the owner replaces the project's audiences with the saved payloads. */
export async function saveAudiences(user: User, body: z.infer<typeof saveAudiencesSchema>) {
  await getProject(user, body.projectId, 'write')
  const rows = body.audiences.map((a, i) => {
    const { id, name, description, type, isSelectedForAnalysis, ...data } = a
    return { project_id: body.projectId, id: id || `saved-${i + 1}`, position: i, name, description, type: type ?? 'need-based', data, is_selected: isSelectedForAnalysis }
  })
  const ids = new Set<string>()
  for (const r of rows) {
    // Two payloads with one id would break the primary key: the later one gets a fresh id.
    if (ids.has(r.id)) r.id = `saved-${r.position + 1}-${randomUUID().slice(0, 6)}`
    ids.add(r.id)
  }
  const sql = db()
  await sql.begin(async (tx) => {
    await tx`delete from audiences where project_id = ${body.projectId}`
    if (rows.length) await tx`insert into audiences ${tx(rows.map((r) => ({ ...r, data: tx.json(r.data as any) })))}`
  })
  return { success: true, count: rows.length }
}
