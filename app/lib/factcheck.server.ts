/**
 * Fact-check on the server: a project's brand facts (read by whoever may read the project, changed by
 * whoever may change it, as the rest of its setup), the Accuracy view of an analysis, its CSV export, and a new
 * check of an analysis started from the app (the analysis workflow starts the first one itself).
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import type { z } from 'zod'
import type { AnalysisRow } from '../../db/runs'
import type { User } from './auth.server'
import { db } from './db.server'
import { badRequest, conflict } from './http.server'
import { getProject } from './projects.server'
import { getAnalysis } from './analyses.server'
import { admitModelWork } from './model-budget.server'
import { startWorkflow } from './temporal.server'
import { MAX_FACTS, parseFactsCsv, type BrandFact, type FactInput, type factsImportSchema } from '../domain/factcheck/facts'
import { accuracyRows, answerSources, groupAccuracy, totalsOf, type AccuracyView, type ClaimDetail, type ClaimRow } from '../domain/factcheck/accuracy'
import type { ClaimLabel } from '../domain/factcheck/judge'
import { toCsv } from '../domain/spreadsheet/cells'
import { modelName } from '../domain/models'
import { factcheckWorkflowId } from '../../workflows/shared'
import type { Db } from '../../db/client'


async function factsOf(projectId: number): Promise<BrandFact[]> {
  const rows = await db()<{ id: number; statement: string; source_url: string | null }[]>`
    select id, statement, source_url from brand_facts where project_id = ${projectId} order by position, id`
  return rows.map((r) => ({ id: r.id, statement: r.statement, sourceUrl: r.source_url }))
}

/** GET: the project's facts and whether this user may change them. */
export async function projectFacts(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'read')
  const canEdit = await getProject(user, projectId, 'write').then(() => true, () => false)
  return { projectId: project.id, brand: project.brandDomain, facts: await factsOf(projectId), canEdit, maxFacts: MAX_FACTS }
}

/** Writes the sheet in the order given; existing facts are replaced, so their ids stay only through `keep`. */
async function writeFacts(projectId: number, facts: FactInput[], append: boolean) {
  await db().begin(async (tx) => {
    // One writer per project at a time (two tabs saving at once): the project row is the lock.
    await tx`select id from projects where id = ${projectId} for update`
    const existing = await tx<{ id: number; statement: string; source_url: string | null }[]>`select id, statement, source_url from brand_facts where project_id = ${projectId} order by position, id`
    const next = append ? [...existing.map((e) => ({ statement: e.statement, sourceUrl: e.source_url })), ...facts] : facts
    if (next.length > MAX_FACTS) badRequest(`A project has at most ${MAX_FACTS} facts (this would make ${next.length})`)
    // A fact whose words are unchanged keeps its id, so the Accuracy view's history of it stays one group.
    const byText = new Map(existing.map((e) => [e.statement, e]))
    const kept = new Set<number>()
    for (const [position, f] of next.entries()) {
      const old = byText.get(f.statement)
      if (old && !kept.has(old.id)) {
        kept.add(old.id)
        await tx`update brand_facts set position = ${position}, source_url = ${f.sourceUrl ?? null} where id = ${old.id}`
      } else {
        const [row] = await tx<{ id: number }[]>`insert into brand_facts (project_id, position, statement, source_url) values (${projectId}, ${position}, ${f.statement}, ${f.sourceUrl ?? null}) returning id`
        kept.add(row.id)
      }
    }
    const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id)
    if (gone.length) await tx`delete from brand_facts where id in ${tx(gone)}`
  })
}

/** PUT the whole sheet (Setup → Brand facts' Save). */
export async function saveFacts(user: User, projectId: number, facts: FactInput[]) {
  await getProject(user, projectId, 'write')
  await writeFacts(projectId, facts, false)
  return projectFacts(user, projectId)
}

/** CSV import: the rows that are facts are added (or replace the sheet); refused rows are listed. */
export async function importFacts(user: User, projectId: number, body: z.infer<typeof factsImportSchema>) {
  await getProject(user, projectId, 'write')
  const parsed = parseFactsCsv(body.csv)
  if (!parsed.facts.length) badRequest(`No fact could be imported: ${parsed.errors.slice(0, 3).join('; ')}`)
  await writeFacts(projectId, parsed.facts, !body.replace)
  return { ...(await projectFacts(user, projectId)), imported: parsed.facts.length, errors: parsed.errors }
}

/** The Accuracy view of an analysis the user may read; `modelId` narrows it to one model. */
export async function accuracyOf(user: User, analysisId: number, opts: { modelId?: number | null } = {}): Promise<AccuracyView> {
  const { analysis } = await getAnalysis(user, analysisId)
  return accuracyView(db(), analysis, opts)
}

/** The Accuracy view of an analysis whose access the caller has checked (the results tab's loader, accuracyOf). */
export async function accuracyView(sql: Db, analysis: Pick<AnalysisRow, 'id' | 'project_id' | 'brands'>, opts: { modelId?: number | null } = {}): Promise<AccuracyView> {
  const analysisId = analysis.id
  const model = opts.modelId ? sql`and c.model_id = ${opts.modelId}` : sql``
  const [run] = await sql<{ status: string; answers_total: number; answers_done: number; claims: number; cost_usd: string; stopped: string | null }[]>`
    select status, answers_total, answers_done, claims, cost_usd, stopped from factcheck_runs where analysis_id = ${analysisId}`
  const labels = await sql<{ label: ClaimLabel; n: number }[]>`select c.label, count(*)::int as n from factcheck_claims c where c.analysis_id = ${analysisId} ${model} group by c.label`
  const [{ checked }] = await sql<{ checked: number }[]>`
    select count(*)::int as checked from factcheck_answers f join api_responses r on r.id = f.response_id
    where f.analysis_id = ${analysisId} ${opts.modelId ? sql`and r.model_id = ${opts.modelId}` : sql``}`
  const current = await sql<(ClaimRow & { responseId: string; query: string; sample: number; citations: unknown; sources: unknown })[]>`
    select c.analysis_id as "analysisId", c.model_id as "modelId", c.fact_id as "factId", c.fact_statement as "factStatement", c.claim, c.sentence,
      c.created_at as "createdAt", c.response_id as "responseId", r.query, r.sample, r.citations, r.sources
    from factcheck_claims c join api_responses r on r.id = c.response_id
    where c.analysis_id = ${analysisId} and c.label = 'contradicted' ${model} order by c.id`
  const history = await sql<ClaimRow[]>`
    select c.analysis_id as "analysisId", c.model_id as "modelId", c.fact_id as "factId", c.fact_statement as "factStatement", c.claim, c.sentence, c.created_at as "createdAt"
    from factcheck_claims c where c.project_id = ${analysis.project_id} and c.label = 'contradicted' and c.analysis_id <= ${analysisId} ${model}`
  const facts = await factsOf(analysis.project_id)
  const details: ClaimDetail[] = current.map((r) => ({ ...r, responseId: Number(r.responseId), sources: answerSources(r.citations, r.sources) }))
  const grouped = groupAccuracy(details, history, facts, analysisId, modelName)
  return {
    analysisId,
    projectId: analysis.project_id,
    brand: analysis.brands.brand.name,
    run: run ? { status: run.status, answersTotal: run.answers_total, answersChecked: run.answers_done, claims: run.claims, costUsd: Number(run.cost_usd), stopped: run.stopped } : null,
    totals: totalsOf(labels, checked),
    newContradictions: grouped.reduce((n, f) => n + f.claims.filter((c) => c.isNew).length, 0),
    facts: grouped,
    factCount: facts.length,
  }
}

/** The Accuracy view as CSV (OWASP's formula rule applies to every cell). */
export async function accuracyCsv(user: User, analysisId: number, opts: { modelId?: number | null } = {}) {
  const view = await accuracyOf(user, analysisId, opts)
  return { filename: `accuracy-analysis-${analysisId}.csv`, csv: toCsv(accuracyRows(view.facts)) }
}

/**
 * Checks an analysis again (facts added or changed since it ran): the owner, a completed analysis, the model budget.
 * Answers already judged are skipped, so a second check judges only what the first did not reach.
 */
export async function startFactcheck(user: User, analysisId: number, clientAddress: string) {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  if (analysis.status !== 'completed') conflict(`Analysis ${analysisId} is ${analysis.status.replace('_', ' ')}: it can be checked once it is completed.`)
  if (!(await factsOf(analysis.project_id)).length) badRequest('Add brand facts first (Setup → Brand facts): the answers are checked against them.')
  const ticket = await admitModelWork({ user, clientAddress })
  const brand = analysis.brands.brand.name
  try {
    await startWorkflow('factcheckWorkflow', {
      workflowId: factcheckWorkflowId(analysisId),
      args: [{ analysisId }],
      labels: { projectId: analysis.project_id, userEmail: user.email, brand, runKind: 'factcheck' },
      summary: `Fact-check of analysis ${analysisId} · ${brand} · project ${analysis.project_id} · ${user.email}`,
      ticket,
    })
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) conflict('This analysis is being checked already.')
    throw err
  }
  return { started: true, analysisId }
}
