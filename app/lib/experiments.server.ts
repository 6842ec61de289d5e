/**
 * Experiments: record a content change on a project and read its estimate. Access as the project's:
 * reading needs read access, recording and deleting need write access. The maths is app/domain/experiments.
 */
import { db } from './db.server'
import { badRequest, notFound } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import type { User } from './auth.server'
import {
  baselineOf, dailySeries, estimateAll, experimentSchema, powerHint, proposeControls, unknownQueries, verdict,
  type Design, type ExperimentCell, type ExperimentInput,
} from '../domain/experiments'
import { modelName } from '../domain/models'
import { can } from '../domain/sharing/access'
import { experimentCellsOf, runDatesOf } from '../../db/experiments'
import { modelChangesOf } from '../../db/canaries'

/** Days after the change the power hint plans for before any have run. */
export const PLANNED_DAYS_AFTER = 14

interface ExperimentRow {
  id: number
  project_id: number
  description: string
  urls: string[]
  change_date: string
  treated: string[]
  control: string[]
  created_at: Date
}

const toExperiment = (r: ExperimentRow) => ({
  id: r.id,
  projectId: r.project_id,
  description: r.description,
  urls: r.urls,
  changeDate: r.change_date,
  treated: r.treated,
  control: r.control,
  createdAt: r.created_at.toISOString(),
})
export type Experiment = ReturnType<typeof toExperiment>

const columns = (sql: ReturnType<typeof db>) => sql`id, project_id, description, urls, change_date::text as change_date, treated, control, created_at`

/** Answers per query and day a run gives: samples x the six card models. */
const answersPerQuery = (project: Project) => project.samplesPerQuery * 6

function powerOf(project: Project, design: { treated: number; control: number }, daysBefore: number, daysAfter: number) {
  return powerHint({ treatedQueries: design.treated, controlQueries: design.control, samplesPerQuery: answersPerQuery(project), daysBefore, daysAfter })
}

/** GET: the project's experiments, newest change first (the Trends panel and the markers on its charts). */
export async function listExperiments(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'read')
  const sql = db()
  const rows = await sql<ExperimentRow[]>`select ${columns(sql)} from experiments where project_id = ${projectId} order by change_date desc, id desc`
  return {
    projectId,
    canEdit: can(project.accessType, 'write', user),
    queries: project.queriesWithAudience.map((q) => ({ query: q.query, topic: q.topic ?? null, audience: q.audience ?? null })),
    experiments: rows.map(toExperiment),
    markers: rows.map((r) => ({ date: r.change_date, label: `Change: ${r.description.slice(0, 60)}`, experimentId: r.id })),
  }
}

/** The form's live help: proposed controls, the baseline before the date, and the power hint. */
export async function proposeExperiment(user: User, projectId: number, treated: readonly string[], changeDate: string) {
  const project = await getProject(user, projectId, 'read')
  const all = project.queriesWithAudience.map((q) => ({ query: q.query, topic: q.topic ?? null, audience: q.audience ?? null }))
  const control = proposeControls(all, treated)
  const baseline = baselineOf(await runDatesOf(db(), projectId), changeDate)
  return { control, baseline, power: powerOf(project, { treated: treated.length, control: control.length }, Math.max(1, baseline.runsBefore), PLANNED_DAYS_AFTER) }
}

/** POST: records a change (write access). Unknown queries are a 400 naming them. */
export async function createExperiment(user: User, projectId: number, body: unknown) {
  const project = await getProject(user, projectId, 'write')
  const parsed = experimentSchema.safeParse(body)
  if (!parsed.success) badRequest(parsed.error.issues[0]?.message ?? 'Invalid change')
  const input: ExperimentInput = parsed.data
  const unknown = unknownQueries(input, project.queries)
  if (unknown.length) badRequest(`Not a query of this project: ${unknown.slice(0, 3).map((q) => `"${q}"`).join(', ')}`)
  const sql = db()
  const [row] = await sql<ExperimentRow[]>`
    insert into experiments (project_id, user_id, description, urls, change_date, treated, control)
    values (${projectId}, ${user.id}, ${input.description}, ${input.urls}, ${input.changeDate}, ${input.treated}, ${input.control})
    returning ${columns(sql)}`
  const baseline = baselineOf(await runDatesOf(sql, projectId), input.changeDate)
  return { experiment: toExperiment(row), baseline }
}

async function experimentOf(projectId: number, experimentId: number): Promise<ExperimentRow> {
  const sql = db()
  const [row] = await sql<ExperimentRow[]>`select ${columns(sql)} from experiments where id = ${experimentId} and project_id = ${projectId}`
  if (!row) notFound('Experiment not found')
  return row
}

export async function deleteExperiment(user: User, projectId: number, experimentId: number) {
  await getProject(user, projectId, 'write')
  await experimentOf(projectId, experimentId)
  await db()`delete from experiments where id = ${experimentId}`
  return { deleted: experimentId }
}

/**
 * GET one experiment's results: the estimate of every metric over all models and per model, the verdict, the n,
 * treated versus control per day, the baseline and the power hint for the days it has.
 */
export async function experimentResults(user: User, projectId: number, experimentId: number) {
  const project = await getProject(user, projectId, 'read')
  const row = await experimentOf(projectId, experimentId)
  const sql = db()
  // Query texts become numbers for the maths: their position in treated then control (lower case).
  const names = [...row.treated, ...row.control].map((q) => q.toLowerCase())
  const raw = await experimentCellsOf(sql, projectId, names, row.urls)
  const cells: ExperimentCell[] = raw.map((c) => ({ ...c, query: names.indexOf(c.query) }))
  const design: Design = { changeDate: row.change_date, treated: row.treated.map((_, i) => i), control: row.control.map((_, i) => row.treated.length + i) }
  const overall = estimateAll(cells, design)
  const visibility = overall[0]
  const models = [...new Set(cells.map((c) => c.modelId))].sort((a, b) => a - b)
  const byModel = models.map((modelId) => {
    const estimates = estimateAll(cells, design, { modelId })
    return { modelId, model: modelName(modelId), verdict: verdict(estimates[0]), estimates }
  })
  const baseline = baselineOf(await runDatesOf(sql, projectId), row.change_date)
  const series = dailySeries(cells, design)
  // Model changes the canaries flagged inside the experiment's days: its trend may be the model's, not the change's.
  const modelChanges = series.length ? await modelChangesOf(sql, projectId, { from: series[0].date, to: series[series.length - 1].date }) : []
  return {
    experiment: toExperiment(row),
    verdict: verdict(visibility),
    estimates: overall,
    byModel,
    series,
    baseline,
    power: powerOf(project, { treated: row.treated.length, control: row.control.length }, Math.max(1, visibility.n.daysBefore), Math.max(visibility.n.daysAfter, PLANNED_DAYS_AFTER)),
    modelChanges: modelChanges.map((m) => ({ date: m.date, modelId: m.modelId, message: `This experiment spans a model change. ${m.message}` })),
    method: METHOD,
  }
}

export const METHOD =
  'Difference in differences: for each query, its mean after the change minus its mean before; the effect is the mean of the treated queries minus the mean of the control queries. ' +
  'The 95 % interval is a bootstrap (1,000 draws, seeded) over queries and days, each query compared with itself before and after.'

/** The export: one CSV row per metric and scope (all models, then each model). */
export async function experimentCsv(user: User, projectId: number, experimentId: number) {
  const r = await experimentResults(user, projectId, experimentId)
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v)
    // OWASP: a leading = + - @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  const lines = [['Scope', 'Metric', 'Effect', 'Low', 'High', 'Treated queries', 'Control queries', 'Days before', 'Days after', 'Answers', 'Verdict']]
  const rows = (scope: string, estimates: typeof r.estimates, v: string) =>
    estimates.map((e) => [scope, e.metric, e.effect, e.low, e.high, e.n.treatedQueries, e.n.controlQueries, e.n.daysBefore, e.n.daysAfter, e.n.answers, e.metric === 'visibility' ? v : ''])
  lines.push(...(rows('All models', r.estimates, r.verdict) as string[][]))
  for (const m of r.byModel) lines.push(...(rows(m.model, m.estimates, m.verdict) as string[][]))
  const body = lines.map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n'
  return { fileName: `experiment-${experimentId}-${r.experiment.changeDate}.csv`, body }
}
