/**
 * The content optimiser's server side: runs the Temporal workflows, reads their
 * progress, checks the quota, and keeps saved analyses and public exports.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { json } from '@remix-run/node'
import { ApplicationFailure, CancelledFailure, QueryRejectedError, TerminatedFailure, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client'
import sanitizeHtml from 'sanitize-html'
import type { z } from 'zod'
import { limitsOf, toUser, userColumns, type User, type UserRow } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { db } from './db.server'
import { badRequest, forbidden, notFound } from './http.server'
import { getProject } from './projects.server'
import { executeWorkflow, temporal, type WorkflowName } from './temporal.server'
import { checkUrl, loopbackAllowance, REFUSED_PREFIX } from '../domain/optimiser/address'
import { OPTIMISED_HTML_POLICY } from '../domain/optimiser/html-policy'
import { OPTIMISER_MESSAGES, type criticalActionsRequest, type exportRequest, type optimiseRequest, type relevanceRequest, type saveRequest } from '../domain/optimiser/requests'
import type { OptimisationResult, OptimiserAnalysis, OptimiserProgress, SavedContentAnalysis } from '../domain/optimiser/types'
import { getOptimiserProgressQuery, optimiserWorkflowId } from '../../workflows/shared'
import { lockUser } from '../../db/locks'
import { optimiserStepWorkflowId } from '../../workflows/shared'
import { EXPORT_TTL_DAYS } from '../domain/limits'

/** Content optimiser runs of the user (each counts against the analysis quota with the brand analyses; Profile & Limits shows them). */
export async function optimiserRunsOf(userId: number): Promise<number> {
  const [row] = await db()<{ n: number }[]>`select count(*)::int as n from content_analyses where user_id = ${userId}`
  return row.n
}

/**
 * Quota and active checks: 403 with the spec's texts. The user's analysis count includes optimiser runs
 * (db/analysis-admission.ts). Only as good as the figures it is given: admitRun calls it with the user read
 * again under the user's lock.
 */
export function requireOptimiserQuota(user: User) {
  if (!user.isActive) throw json({ success: false, error: OPTIMISER_MESSAGES.inactive.title, message: OPTIMISER_MESSAGES.inactive.description }, { status: 403 })
  const { analysesRemaining } = limitsOf(user)
  if (analysesRemaining === null) return
  if (analysesRemaining <= 0) {
    const m = OPTIMISER_MESSAGES.limitReached(analysesRemaining)
    throw json({ success: false, error: m.title, message: m.description }, { status: 403 })
  }
}

/** The workflow failure's own message (an activity's ApplicationFailure) and type. */
function failureOf(err: unknown): { message: string; type: string | null } {
  let cause: unknown = err
  for (let i = 0; i < 5 && cause; i++) {
    if (cause instanceof ApplicationFailure) return { message: cause.message, type: cause.type ?? null }
    cause = (cause as { cause?: unknown }).cause
  }
  return { message: err instanceof Error ? err.message : String(err), type: null }
}

type RelevanceBody = z.infer<typeof relevanceRequest>

/** POST .../relevance: runs one optimisation to the end (the screen polls its progress meanwhile). */
export async function runOptimisation(user: User, body: RelevanceBody, ticket: BudgetTicket): Promise<{ success: true; analysis: OptimiserAnalysis; runId: string }> {
  if (body.projectId) await getProject(user, body.projectId)
  if (body.url) {
    // Refused forms are answered at once; the activity checks again after DNS resolution and on every redirect.
    const checked = checkUrl(body.url, { allowLoopback: loopbackAllowance(process.env.OPTIMISER_FETCH_ALLOW_LOOPBACK) })
    if (!checked.ok) badRequest(`${REFUSED_PREFIX}${checked.reason}`)
  }
  const runId = body.runId ?? randomUUID()
  const workflowId = optimiserWorkflowId(user.id, runId)
  const sql = db()
  const row = await admitRun(user, body, workflowId)
  const brand = body.projectId ? (await sql<{ brand_domain: string }[]>`select brand_domain from projects where id = ${body.projectId}`)[0]?.brand_domain ?? '' : ''
  try {
    const analysis = await executeWorkflow('optimiserWorkflow', {
      workflowId,
      args: [{ userId: user.id, prompt: body.prompt, language: body.language, ...(body.url ? { url: body.url } : { content: body.content }) }],
      timeout: '15 minutes',
      labels: { ...(body.projectId ? { projectId: body.projectId } : {}), userEmail: user.email, brand, runKind: 'optimiser' },
      summary: `Content optimisation · ${body.prompt.slice(0, 80)} · ${user.email}`,
      ticket,
    })
    await sql`update content_analyses set status = 'completed', result = ${sql.json(analysis as any)} where id = ${row.id}`
    return { success: true, analysis, runId }
  } catch (err) {
    if (err instanceof WorkflowFailedError && (err.cause instanceof CancelledFailure || err.cause instanceof TerminatedFailure)) {
      // Cancelled (or terminated) by an operator in Temporal: recorded and answered as cancelled, not as a failure.
      const m = OPTIMISER_MESSAGES.cancelled
      await sql`update content_analyses set status = 'cancelled', metadata = ${sql.json({ error: m.description })} where id = ${row.id}`
      throw json({ success: false, error: m.title, message: m.description }, { status: 409 })
    }
    const f = failureOf(err)
    await sql`update content_analyses set status = 'failed', metadata = ${sql.json({ error: f.message })} where id = ${row.id}`
    if (f.type === 'refused-url' || f.message.startsWith(REFUSED_PREFIX) || f.type === 'no-content') {
      // A page that could not be read is not an analysis: it does not count against the quota.
      await sql`delete from content_analyses where id = ${row.id}`
      throw json({ success: false, error: f.message, message: f.message }, { status: 400 })
    }
    if (err instanceof WorkflowFailedError) throw json({ success: false, error: 'Failed to analyze content', message: f.message }, { status: 502 })
    throw err
  }
}

/**
 * The quota check and the run's row in one transaction under the user's lock (db/locks.ts), the lock brand
 * analyses take too: two requests at once cannot both take the last analysis left. The user is read again
 * under the lock; the request's copy was read before the other request's row existed.
 */
async function admitRun(user: User, body: RelevanceBody, workflowId: string): Promise<{ id: number }> {
  return db().begin(async (tx) => {
    await lockUser(tx, user.id)
    const [fresh] = await tx<UserRow[]>`select ${userColumns(tx)} from users u where u.id = ${user.id}`
    if (!fresh) notFound('No such user')
    const current = toUser(fresh)
    // As getUser: a paused admin has no admin rights.
    requireOptimiserQuota({ ...current, isAdmin: current.isAdmin && current.isActive })
    const [row] = await tx<{ id: number }[]>`
      insert into content_analyses (project_id, user_id, workflow_id, status, prompt, content, url)
      values (${body.projectId ?? null}, ${user.id}, ${workflowId}, 'running', ${body.prompt}, ${body.url ? null : (body.content ?? null)}, ${body.url ?? null})
      on conflict (workflow_id) do nothing returning id`
    if (!row) badRequest('This run id is already in use.')
    return row
  })
}

/** GET .../progress/{runId}: the workflow's progress query; a run that has ended answers from its row. */
export async function optimiserProgress(user: User, runId: string): Promise<OptimiserProgress> {
  const workflowId = optimiserWorkflowId(user.id, runId)
  try {
    const client = await temporal()
    return await client.workflow.getHandle(workflowId).query(getOptimiserProgressQuery)
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) notFound('No such optimiser run')
    if (!(err instanceof QueryRejectedError)) throw err
    const [row] = await db()<{ status: string; metadata: { error?: string } }[]>`select status, metadata from content_analyses where workflow_id = ${workflowId}`
    const ok = row?.status === 'completed'
    // The server's answer says how the workflow closed (an operator may have cancelled it before the app recorded it).
    const cancelled = row?.status === 'cancelled' || err.status === 4 || err.status === 5
    return {
      status: ok ? 'completed' : cancelled ? 'cancelled' : 'error',
      phases: [],
      currentPhase: 8,
      phase: ok ? 'Completed' : cancelled ? 'Cancelled' : 'Failed',
      progressPercent: ok ? 100 : 0,
      estimatedTimeRemaining: 0,
      error: ok ? null : cancelled ? OPTIMISER_MESSAGES.cancelled.description : (row?.metadata?.error ?? 'The run ended'),
    }
  }
}

type SmallWorkflow = Extract<WorkflowName, 'optimiserRewriteWorkflow' | 'optimiserActionsWorkflow'>
type SmallArgs<K extends SmallWorkflow> = Parameters<typeof executeWorkflow<K>>[1]['args']

/** Runs the rewrite or the critical-actions workflow by its function and waits for it; labelled RunKind optimiser. */
function runSmall<K extends SmallWorkflow>(user: User, workflow: K, args: Omit<SmallArgs<K>[0], 'userId'>, summary: string, ticket: BudgetTicket) {
  return executeWorkflow(workflow, {
    workflowId: optimiserStepWorkflowId(user.id, workflow === 'optimiserRewriteWorkflow' ? 'rewrite' : 'actions', randomUUID().slice(0, 12)),
    args: [{ userId: user.id, ...args }] as SmallArgs<K>,
    timeout: '6 minutes',
    labels: { userEmail: user.email, brand: '', runKind: 'optimiser' },
    summary,
    ticket,
  })
}

/** POST .../optimise. */
export async function optimiseContent(user: User, body: z.infer<typeof optimiseRequest>, ticket: BudgetTicket): Promise<{ success: boolean; optimisation?: OptimisationResult; error?: string }> {
  if (!user.isActive) forbidden(OPTIMISER_MESSAGES.inactive.description)
  try {
    const optimisation: OptimisationResult = await runSmall(user, 'optimiserRewriteWorkflow', body, `Content rewrite · ${body.prompt.slice(0, 80)} · ${user.email}`, ticket)
    return { success: true, optimisation }
  } catch (err) {
    if (!(err instanceof WorkflowFailedError)) throw err
    throw json({ success: false, error: 'Failed to optimise content. Please try again.', message: failureOf(err).message }, { status: 502 })
  }
}

/** POST .../generate-critical-actions. */
export async function generateCriticalActions(user: User, body: z.infer<typeof criticalActionsRequest>, ticket: BudgetTicket) {
  if (!user.isActive) forbidden(OPTIMISER_MESSAGES.inactive.description)
  const { recommendations, ...scores } = body.analysisData
  try {
    const out = await runSmall(user, 'optimiserActionsWorkflow', { prompt: body.prompt, scores, recommendations }, `Critical actions · ${body.prompt.slice(0, 80)}`, ticket)
    return { success: true, criticalActions: out.criticalActions }
  } catch (err) {
    if (!(err instanceof WorkflowFailedError)) throw err
    throw json({ success: false, error: failureOf(err).message }, { status: 502 })
  }
}

// ------------------------------------------------------------------ saves

interface SaveRow {
  id: number
  created_at: Date
  analysis_result: OptimiserAnalysis
  optimized_content: string | null
  metadata: SavedContentAnalysis['metadata']
}
const toSaved = (r: SaveRow): SavedContentAnalysis => ({ id: r.id, createdAt: r.created_at.toISOString(), analysisResult: r.analysis_result, optimizedContent: r.optimized_content, metadata: r.metadata })

/** GET .../project/{id}/saves: the caller's saved analyses of a project they may read, newest first. */
export async function listSaves(user: User, projectId: number): Promise<SavedContentAnalysis[]> {
  await getProject(user, projectId)
  const rows = await db()<SaveRow[]>`
    select id, created_at, analysis_result, optimized_content, metadata from optimiser_saves
    where project_id = ${projectId} and user_id = ${user.id} order by created_at desc, id desc limit 100`
  return rows.map(toSaved)
}

/** POST .../save-to-project: a change to the project, so write access (the owner); a viewer gets a 403. */
export async function saveToProject(user: User, body: z.infer<typeof saveRequest>): Promise<{ success: true; saveId: number }> {
  await getProject(user, body.projectId, 'write')
  const sql = db()
  const [row] = await sql<{ id: number }[]>`
    insert into optimiser_saves (project_id, user_id, analysis_result, optimized_content, metadata)
    values (${body.projectId}, ${user.id}, ${sql.json(body.analysisResult as any)}, ${body.optimizedContent ? sanitizeHtml(body.optimizedContent, OPTIMISED_HTML_POLICY) : null}, ${sql.json(body.metadata as any)})
    returning id`
  return { success: true, saveId: row.id }
}

/** DELETE .../saves/{id}: only the user who saved it; anyone else gets a 404. */
export async function deleteSave(user: User, id: number) {
  const rows = await db()`delete from optimiser_saves where id = ${id} and user_id = ${user.id} returning id`
  if (!rows.length) notFound('Saved analysis not found')
  return { success: true }
}

// ------------------------------------------------------------------ content exports (the public page at /shared/content/{exportId})

export interface ContentExport {
  id: string
  createdAt: string
  expiresAt: string
  analysisResult: OptimiserAnalysis
  optimisedContent: string | null
  metadata: Record<string, unknown>
}

/** POST .../export-public: an unguessable id (32 random bytes) active for EXPORT_TTL_DAYS (30) days. */
export async function createContentExport(user: User, body: z.infer<typeof exportRequest>, origin: string) {
  const id = randomBytes(24).toString('base64url')
  const sql = db()
  await sql`
    insert into content_exports (id, user_id, payload, expires_at)
    values (${id}, ${user.id}, ${sql.json({ analysisResult: body.analysisResult, optimisedContent: body.optimisedContent ? sanitizeHtml(body.optimisedContent, OPTIMISED_HTML_POLICY) : null, metadata: body.metadata } as any)}, now() + ${`${EXPORT_TTL_DAYS} days`}::interval)`
  return { success: true, shareUrl: `${origin}/shared/content/${id}`, exportId: id }
}

export async function getContentExport(id: string): Promise<ContentExport | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return null
  const [row] = await db()<{ id: string; created_at: Date; expires_at: Date; payload: { analysisResult: OptimiserAnalysis; optimisedContent: string | null; metadata: Record<string, unknown> } }[]>`
    select id, created_at, expires_at, payload from content_exports where id = ${id} and expires_at > now()`
  if (!row) return null
  return { id: row.id, createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(), ...row.payload }
}
