/**
 * The Content Ideator's server side (phase 6, POST /api/content-recommendations/generate-ideas and generate-content): access checks, the
 * idea quota, the grounding read from the project's latest completed analysis, the Temporal runs that call
 * the models, the saved generations (`content_ideas`) and the Citation Explorer's data.
 *
 * Decisions where the spec is silent:
 * - Generating needs write access to the project (its owner); anyone who may view the project sees
 *   its saved ideas and contents and the Citation Explorer.
 * - The idea quota (IDEATOR_LIMITS.ideasPerDay generations in any rolling 24 hours, admins unlimited) is
 *   reserved under the user's lock before the models are asked, so two clicks cannot both take the last
 *   one; a failed generation gives it back.
 * - The body's brandName / brandDomain are accepted but the project's own brand is used.
 */
import { randomUUID } from 'node:crypto'
import { json } from '@remix-run/node'
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client'
import type { User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { db } from './db.server'
import { idSearchParam, notFound } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import { executeWorkflow } from './temporal.server'
import { lockUser } from '../../db/locks'
import { brandList, isoDay } from '../domain/analyses'
import type { BrandDef } from '../domain/metrics'
import { citationExplorer, type ExplorerInsight } from '../domain/ideator/citations'
import { defaultIdeatorLanguage, IDEATOR_LIMITS, IDEATOR_TABS } from '../domain/ideator/constants'
import { buildGrounding, emptyGrounding } from '../domain/ideator/grounding'
import type { PromptItem } from '../domain/ideator/prompts'
import { IDEATOR_MESSAGES, type GenerateContentRequest, type GenerateIdeasRequest } from '../domain/ideator/requests'
import type { CitationExplorerData, ContentIdea, GeneratedContent, Grounding, IdeatorViewData, SavedIdeas } from '../domain/ideator/types'
import { ideatorWorkflowId } from '../../workflows/shared'

type IdeatorContext = Parameters<typeof executeWorkflow<'ideatorIdeasWorkflow'>>[1]['args'][0]['context']

// ------------------------------------------------------------------ quota

/** Generations left in the rolling day (null: unlimited). */
export async function ideasLeft(user: User, sql = db()): Promise<number | null> {
  if (user.isAdmin) return null
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from content_ideas where user_id = ${user.id} and origin = 'ideas' and created_at > now() - interval '24 hours'`
  return Math.max(0, IDEATOR_LIMITS.ideasPerDay - row.n)
}

function refuse(message: string, status: number, details?: string): never {
  throw json({ error: message, message: details ?? message }, { status })
}

// ------------------------------------------------------------------ grounding

interface AnalysisLite {
  id: number
  date: Date | string
  queries: { index: number; query: string }[]
  brands: { brand: BrandDef; competitors: BrandDef[] }
}


async function latestCompleted(projectId: number): Promise<AnalysisLite | null> {
  const [a] = await db()<AnalysisLite[]>`
    select id, date, queries, brands from analyses where project_id = ${projectId} and status = 'completed' order by created_at desc, id desc limit 1`
  return a ?? null
}

/** The analysis facts behind the query: its own answers when an analysis asked it, else the whole analysis. */
export async function groundingFor(project: Project, query: string): Promise<Grounding> {
  const analysis = await latestCompleted(project.id)
  if (!analysis) return emptyGrounding(project.brandDomain)
  const sql = db()
  const match = analysis.queries.find((q) => q.query.trim().toLowerCase() === query.trim().toLowerCase())
  const only = match ? sql`and query_index = ${match.index}` : sql``
  const answers = await sql<{ model_name: string | null; model_id: number; query: string; response: string; citations: any[]; sources: any[] }[]>`
    select model_name, model_id, query, response, citations, sources from api_responses
    where analysis_id = ${analysis.id} and ok ${only} order by query_index, model_id, sample`
  const insights = await sql<{ citations: any[] }[]>`
    select citations from search_insights where analysis_id = ${analysis.id} and kind = 'enhanced' ${only} order by query_index, model_id`
  return buildGrounding({
    scope: match ? 'query' : 'project',
    analysisId: analysis.id,
    analysisDate: isoDay(analysis.date),
    brands: brandList(analysis.brands),
    language: project.language,
    answers: answers.map((a) => ({ modelName: a.model_name ?? String(a.model_id), query: a.query, response: a.response, citations: a.citations ?? [], sources: a.sources ?? [] })),
    insightCitations: insights.map((i) => i.citations ?? []),
  })
}

/** The audience line for the prompt: the project's audience by id, else the body's own text. */
function audienceOf(project: Project, audienceId: string | null, audience: string | null): string | null {
  if (audienceId) {
    const a = (project.audiences as { id?: string; name?: string; description?: string }[]).find((x) => x.id === audienceId)
    if (a) return [a.name, a.description].filter(Boolean).join(': ')
  }
  return audience
}

function contextOf(project: Project, body: (GenerateIdeasRequest | GenerateContentRequest) & { language: string }, query: string, audience: string | null, grounding: Grounding): IdeatorContext {
  return {
    query,
    brand: project.brandDomain,
    brandDomain: project.brandDetails?.domains?.[0] ?? project.brandDomain,
    contentType: body.contentType,
    language: body.language,
    audience,
    userBrief: body.userBrief,
    grounding,
  }
}

/** The activity's (or the workflow's) own message of a failed run. */
function failureOf(err: unknown): string {
  let cause: unknown = err
  for (let i = 0; i < 6 && cause; i++) {
    if (cause instanceof ApplicationFailure) return cause.message
    cause = (cause as { cause?: unknown }).cause
  }
  return err instanceof Error ? err.message : String(err)
}

// ------------------------------------------------------------------ generate

/** POST /api/content-recommendations/generate-ideas → ideas[] (stored as a new generation). */
export async function generateIdeas(user: User, request: GenerateIdeasRequest, ticket: BudgetTicket) {
  const project = await getProject(user, request.projectId, 'write')
  const body = { ...request, language: request.language ?? defaultIdeatorLanguage(project.language) }
  if (!user.isActive) refuse(IDEATOR_MESSAGES.inactive, 403)
  const audience = audienceOf(project, body.audienceId, body.audience)
  const sql = db()
  // Reserve one generation of the quota under the user's lock.
  const rowId = await sql.begin(async (tx) => {
    await lockUser(tx, user.id)
    const left = await ideasLeft(user, tx as any)
    if (left !== null && left <= 0) refuse(IDEATOR_MESSAGES.limitReached(0), 403)
    const [row] = await tx<{ id: number }[]>`
      insert into content_ideas (project_id, user_id, query, user_brief, content_type, language, audience, is_custom_query, origin)
      values (${project.id}, ${user.id}, ${body.query}, ${body.userBrief}, ${body.contentType}, ${body.language}, ${audience}, ${body.isCustomQuery}, 'ideas')
      returning id`
    return row.id
  })
  try {
    const grounding = await groundingFor(project, body.query)
    const out = await executeWorkflow('ideatorIdeasWorkflow', {
      workflowId: ideatorWorkflowId(user.id, 'ideas', randomUUID().slice(0, 12)),
      args: [{ userId: user.id, context: contextOf(project, body, body.query, audience, grounding) }],
      timeout: '6 minutes',
      summary: `Content ideas · ${project.brandDomain} · "${body.query.slice(0, 60)}" · project ${project.id} · ${user.email}`,
      ticket,
    })
    const ideas: ContentIdea[] = out.ideas.map((i, n) => ({ ...i, id: `${rowId}-${n + 1}` }))
    await sql`
      update content_ideas set ideas = ${sql.json(ideas as any)}, grounding = ${sql.json(grounding as any)}, analysis_id = ${grounding.analysisId},
        provider = ${out.provider}, updated_at = now()
      where id = ${rowId}`
    return { success: true, id: rowId, ideas, grounding, ideasLeft: await ideasLeft(user) }
  } catch (err) {
    await sql`delete from content_ideas where id = ${rowId}`
    if (err instanceof WorkflowFailedError) refuse(IDEATOR_MESSAGES.ideasFailed, 502, failureOf(err))
    throw err
  }
}

const ideaRef = /^(\d{1,10})-(\d{1,3})$/

/** POST /api/content-recommendations/generate-content → contents[] (added to the generation the ideas came from). */
export async function generateContent(user: User, request: GenerateContentRequest, ticket: BudgetTicket) {
  const project = await getProject(user, request.projectId, 'write')
  const body = { ...request, language: request.language ?? defaultIdeatorLanguage(project.language) }
  if (!user.isActive) refuse(IDEATOR_MESSAGES.inactive, 403)
  const sql = db()
  // The generation the ideas came from (ids "<row>-<n>"), when they all name one row of this project.
  const rowIds = [...new Set(body.selectedIdeas.map((i) => ideaRef.exec(i.id)?.[1]).map(Number))]
  const [row] =
    rowIds.length === 1 && Number.isSafeInteger(rowIds[0]) && rowIds[0] > 0 && rowIds[0] <= 2_147_483_647
      ? await sql<{ id: number; query: string; audience: string | null; grounding: Grounding | null; ideas: ContentIdea[] }[]>`
          select id, query, audience, grounding, ideas from content_ideas where id = ${rowIds[0]} and project_id = ${project.id} and origin = 'ideas'`
      : []
  const stored = new Map((row?.ideas ?? []).map((i) => [i.id, i]))
  // Stored ideas are written from the server's copy; ideas the client made up are taken as sent.
  const items: PromptItem[] = body.selectedIdeas.map((s) => {
    const i = stored.get(s.id) ?? s
    return { id: s.id, title: i.title, description: i.description ?? '', keyElements: i.keyElements ?? [], gap: i.gap ?? '' }
  })
  const query = body.query || row?.query || ''
  if (!query) refuse(IDEATOR_MESSAGES.noQuerySelected, 400)
  const audience = audienceOf(project, body.audienceId, body.audience) ?? row?.audience ?? null
  const grounding = row?.grounding ?? (await groundingFor(project, query))
  let contents: GeneratedContent[]
  try {
    contents = await executeWorkflow('ideatorContentWorkflow', {
      workflowId: ideatorWorkflowId(user.id, 'content', randomUUID().slice(0, 12)),
      args: [{ userId: user.id, context: contextOf(project, body, query, audience, grounding), items }],
      timeout: '10 minutes',
      summary: `Content drafts (${items.length}) · ${project.brandDomain} · "${query.slice(0, 60)}" · project ${project.id} · ${user.email}`,
      ticket,
    })
  } catch (err) {
    if (err instanceof WorkflowFailedError) refuse(IDEATOR_MESSAGES.contentFailed, 502, failureOf(err))
    throw err
  }
  if (row) {
    // Merged in one statement: a draft written again replaces the earlier one of the same idea.
    await sql`
      update content_ideas set updated_at = now(), contents = (
        select coalesce(jsonb_agg(c), '[]'::jsonb) from jsonb_array_elements(contents) c
        where not (c->>'ideaId' = any(${contents.map((c) => c.ideaId)}::text[]))
      ) || ${sql.json(contents as any)}::jsonb
      where id = ${row.id}`
  } else {
    await sql`
      insert into content_ideas (project_id, user_id, query, user_brief, content_type, language, audience, origin, ideas, contents, grounding, analysis_id)
      values (${project.id}, ${user.id}, ${query}, ${body.userBrief}, ${body.contentType}, ${body.language}, ${audience}, 'content',
        ${sql.json(body.selectedIdeas as any)}, ${sql.json(contents as any)}, ${sql.json(grounding as any)}, ${grounding.analysisId})`
  }
  return { success: true, contents }
}

// ------------------------------------------------------------------ the phase-6 view

interface SavedRow {
  id: number
  query: string
  is_custom_query: boolean
  user_brief: string
  content_type: string
  language: string
  audience: string | null
  grounding: Grounding | null
  ideas: ContentIdea[]
  contents: GeneratedContent[]
  created_at: Date
}

export async function savedIdeas(project: Project): Promise<SavedIdeas[]> {
  const rows = await db()<SavedRow[]>`
    select id, query, is_custom_query, user_brief, content_type, language, audience, grounding, ideas, contents, created_at
    from content_ideas where project_id = ${project.id} and jsonb_array_length(ideas) > 0
    order by created_at desc, id desc limit ${IDEATOR_LIMITS.history}`
  return rows.map((r) => ({
    id: r.id, query: r.query, isCustomQuery: r.is_custom_query, userBrief: r.user_brief, contentType: r.content_type, language: r.language,
    audience: r.audience, grounding: r.grounding, ideas: r.ideas, contents: r.contents, createdAt: r.created_at.toISOString(),
  }))
}

/** Citation Explorer: the enhanced source insights of the chosen (or latest with insights, else latest completed) analysis. */
export async function citationExplorerOf(project: Project, analysisParam: number | null): Promise<CitationExplorerData> {
  const sql = db()
  const runs = await sql<{ id: number; date: Date | string; is_light_mode: boolean; enhanced: number }[]>`
    select a.id, a.date, a.is_light_mode,
      (select count(*)::int from search_insights s where s.analysis_id = a.id and s.kind = 'enhanced') as enhanced
    from analyses a where a.project_id = ${project.id} and a.status = 'completed' order by a.created_at desc, a.id desc`
  const chosen = runs.find((r) => r.id === analysisParam) ?? runs.find((r) => r.enhanced > 0) ?? runs[0]
  if (!chosen) return { analysisId: null, analysisDate: null, hasInsights: false, isLightMode: project.isLightMode, queries: [] }
  const rows = await sql<ExplorerInsight[]>`
    select query, model_id as "modelId", citations, sources from search_insights
    where analysis_id = ${chosen.id} and kind = 'enhanced' order by query_index, model_id`
  return {
    analysisId: chosen.id,
    analysisDate: isoDay(chosen.date),
    hasInsights: rows.length > 0,
    isLightMode: chosen.is_light_mode || project.isLightMode,
    queries: citationExplorer(rows),
  }
}

/** The view for /?phase=6&project=…&tab=… (404 for projects the user may not see). */
export async function loadIdeatorView(user: User, url: URL): Promise<IdeatorViewData> {
  const projectId = idSearchParam(url, 'project')
  if (projectId === null) notFound('Project not found')
  const project = await getProject(user, projectId, 'read')
  const tabParam = url.searchParams.get('tab')
  const tab = IDEATOR_TABS.some((t) => t.id === tabParam) ? tabParam! : 'content-recommendations'
  const canGenerate = project.accessType === 'owner'
  const [saved, left, explorer] = await Promise.all([
    savedIdeas(project),
    ideasLeft(user),
    tab === 'citation-explorer' ? citationExplorerOf(project, idSearchParam(url, 'analysis')) : Promise.resolve(null),
  ])
  return {
    projectId: project.id,
    projectName: project.name,
    language: project.language,
    brand: project.brandDomain,
    brandDomain: project.brandDetails?.domains?.[0] ?? project.brandDomain,
    canGenerate,
    isActive: user.isActive,
    ideasLeft: left,
    queries: project.queries,
    audiences: (project.audiences as { id?: string; name?: string; description?: string }[])
      .filter((a) => a.id && a.name)
      .map((a) => ({ id: String(a.id), name: String(a.name), description: String(a.description ?? '') })),
    saved,
    tab,
    explorer,
  }
}

