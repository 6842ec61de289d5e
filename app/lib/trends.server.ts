import { randomBytes } from 'node:crypto'
import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, type ScheduleDescription } from '@temporalio/client'
import { db } from './db.server'
import { forbidden } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import { temporal, workflowFunction, type WorkflowName } from './temporal.server'
import { temporalNamespace, temporalTaskQueue } from '../../config/temporal'
import type { User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { buildTrends, chooseModelBrand, chooseQuery, LIGHT_MODE_LOCKED, type DailyScheduleState, type ScheduleChange, type ScheduledRun } from '../domain/trends'
import { modelBrandCellsOf, queryRanksOf, trendPointsOf } from '../../db/trends'
import { SEARCH_ATTRIBUTE_INDEX_TYPES, searchAttributePairs } from '../../workflows/search-attributes'
import { dailyRunWorkflowId, dailyScheduleId } from '../../workflows/shared'

const isLocked = (user: User, project: Project) => user.tier === 'light' || project.isLightMode

/** GET /api/projects/{id}/trends: the page's series, tables, intervals and alerts from the stored per-analysis points. */
export async function loadTrends(user: User, projectId: number, opts: { query?: string | null; topicBrand?: string | null; modelBrand?: string | null } = {}) {
  const project = await getProject(user, projectId)
  if (isLocked(user, project)) forbidden(LIGHT_MODE_LOCKED)
  const sql = db()
  // The points without their per-query ranks and their models' per-brand cells, then the ranks of the one query and
  // the models' cells of the one brand the page shows: a year of daily analyses reads a fraction of the bytes.
  const points = await trendPointsOf(sql, projectId, { withoutQueryRanks: true, withoutModelBrands: true })
  const query = chooseQuery(points, opts.query)
  const modelBrand = chooseModelBrand(points, opts.modelBrand)
  const at = new Map<number, number>()
  for (const p of points) {
    const q = p.queries.find((x) => x.query === query)
    if (q) at.set(p.analysisId, q.index)
  }
  const [ranks, cells] = await Promise.all([query ? queryRanksOf(sql, projectId, query, at) : null, modelBrand ? modelBrandCellsOf(sql, projectId, modelBrand) : null])
  for (const p of points) {
    const r = ranks?.get(p.analysisId)
    p.queryRanks = r ? { [r.index]: r.ranks } : {}
    p.queryModels = r ? { [r.index]: r.models } : {}
    const c = cells?.get(p.analysisId) ?? {}
    for (const [id, m] of Object.entries(p.models ?? {})) m.brands = modelBrand && c[id] ? { [modelBrand]: c[id] } : {}
  }
  const view = buildTrends(points, { ...opts, query, modelBrand })
  // A read writes nothing: the bell's alerts are stored by trendAlertsWorkflow (activities/trends.ts checkTrendAlerts)
  // after each completed analysis, a click's or a schedule's. The page's alerts are computed from the points.
  const [{ unread }] = await sql<{ unread: number }[]>`select count(*)::int as unread from trend_alerts where project_id = ${projectId} and read_at is null`
  return {
    project: { id: project.id, name: project.name, brandDomain: project.brandDomain, accessType: project.accessType },
    unreadAlerts: unread,
    ...view,
  }
}

/**
 * GET /api/trends/alerts: the header bell on every signed-in page. Unread trend alerts of the projects the user owns
 * (alerts are read per project, by its owner), newest first, with the project to open (its Trends page).
 */
export async function unreadTrendAlerts(user: User) {
  const rows = await db()<{ id: string; project_id: number; project_name: string; analysis_id: number; metric: string; message: string; created_at: Date }[]>`
    select t.id, t.project_id, p.name as project_name, t.analysis_id, t.metric, t.message, t.created_at
    from trend_alerts t join projects p on p.id = t.project_id
    where p.user_id = ${user.id} and t.read_at is null and not p.is_archived
    order by t.created_at desc, t.id desc limit 50`
  return {
    unread: rows.length,
    alerts: rows.slice(0, 5).map((r) => ({ id: Number(r.id), projectId: r.project_id, projectName: r.project_name, analysisId: r.analysis_id, metric: r.metric, message: r.message, createdAt: r.created_at.toISOString() })),
  }
}

/** POST /api/projects/{id}/alerts {action: 'read'}: the bell's alerts are marked read. */
export async function markAlertsRead(user: User, projectId: number) {
  await getProject(user, projectId)
  const rows = await db()`update trend_alerts set read_at = now() where project_id = ${projectId} and read_at is null returning id`
  return { marked: rows.length, unreadAlerts: 0 }
}

// ---------------------------------------------------------------- alert webhook

/** The project's alert webhook (the secret is shown once, when it is set). */
export async function alertWebhook(user: User, projectId: number) {
  await getProject(user, projectId, 'write')
  const [row] = await db()<{ url: string; created_at: Date }[]>`select url, created_at from trend_webhooks where project_id = ${projectId}`
  return { url: row?.url ?? null, createdAt: row?.created_at.toISOString() ?? null }
}

/** Sets (or replaces) the webhook URL with a new signing secret, answered once. */
export async function setAlertWebhook(user: User, projectId: number, url: string) {
  await getProject(user, projectId, 'write')
  const secret = randomBytes(24).toString('base64url')
  await db()`
    insert into trend_webhooks (project_id, url, secret) values (${projectId}, ${url}, ${secret})
    on conflict (project_id) do update set url = excluded.url, secret = excluded.secret, created_at = now()`
  return { url, secret }
}

export async function deleteAlertWebhook(user: User, projectId: number) {
  await getProject(user, projectId, 'write')
  await db()`delete from trend_webhooks where project_id = ${projectId}`
  return { url: null }
}

// ---------------------------------------------------------------- daily schedule (Temporal Schedules)

/** The workflow a schedule starts (workflows/trends.ts): checks the same rules as a click, then runs the analysis. */
export const DAILY_WORKFLOW_TYPE = 'dailyAnalysisWorkflow' satisfies WorkflowName

function stateOf(d: ScheduleDescription): Pick<DailyScheduleState, 'paused' | 'note' | 'hour' | 'timeZone' | 'nextRunAt' | 'skippedOverlap' | 'running' | 'actionsTaken'> {
  const cal = d.spec.calendars?.[0] as { hour?: { start: number }[] } | undefined
  return {
    paused: d.state.paused,
    note: d.state.note ?? null,
    hour: cal?.hour?.[0]?.start ?? null,
    timeZone: d.spec.timezone ?? 'UTC',
    nextRunAt: d.state.paused ? null : (d.info.nextActionTimes[0]?.toISOString() ?? null),
    skippedOverlap: d.info.numActionsSkippedOverlap,
    running: d.info.runningActions.length > 0,
    actionsTaken: d.info.numActionsTaken,
  }
}

async function recentRuns(projectId: number): Promise<ScheduledRun[]> {
  const rows = await db()<{ workflow_id: string; outcome: 'started' | 'skipped'; reason: string | null; analysis_id: number | null; created_at: Date }[]>`
    select workflow_id, outcome, reason, analysis_id, created_at from scheduled_runs where project_id = ${projectId} order by created_at desc, id desc limit 10`
  return rows.map((r) => ({ workflowId: r.workflow_id, outcome: r.outcome, reason: r.reason, analysisId: r.analysis_id, at: r.created_at.toISOString() }))
}

/** What Temporal says about the project's schedule (so a change made in the Temporal UI shows here as it is there). */
export async function dailySchedule(user: User, projectId: number): Promise<DailyScheduleState> {
  await getProject(user, projectId)
  const scheduleId = dailyScheduleId(projectId)
  const runs = await recentRuns(projectId)
  const client = await temporal()
  try {
    const d = await client.schedule.getHandle(scheduleId).describe()
    return { scheduleId, exists: true, ...stateOf(d), recentRuns: runs }
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err
    return { scheduleId, exists: false, paused: false, note: null, hour: null, timeZone: null, nextRunAt: null, skippedOverlap: 0, running: false, actionsTaken: 0, recentRuns: runs }
  }
}

/** POST /api/projects/{id}/daily-schedule: the owner turns the daily run on (or moves its hour), pauses, resumes, deletes or runs it now. */
/** A schedule change; 'trigger' (Run Now) starts model work, so it comes with the budget's ticket. */
export async function changeDailySchedule(user: User, projectId: number, change: ScheduleChange, ticket: BudgetTicket | null): Promise<DailyScheduleState> {
  const project = await getProject(user, projectId, 'write')
  if (isLocked(user, project)) forbidden(LIGHT_MODE_LOCKED)
  const client = await temporal()
  const scheduleId = dailyScheduleId(projectId)
  const handle = client.schedule.getHandle(scheduleId)
  const ignoreMissing = (err: unknown) => {
    if (!(err instanceof ScheduleNotFoundError)) throw err
  }
  switch (change.action) {
    case 'enable': {
      const spec = { calendars: [{ hour: change.hour, minute: 0, comment: `Daily analysis of project ${projectId}` }], timezone: change.timeZone }
      // Each run the schedule starts carries the labels of a run started by a click (its analysis inherits them), as
      // far as the namespace has them registered: a start that sets an unknown attribute is refused.
      const { customAttributes } = await client.connection.operatorService.listSearchAttributes({ namespace: temporalNamespace() }).catch(() => ({ customAttributes: {} }))
      const registered = new Set(Object.keys(customAttributes ?? {}).filter((name) => name in SEARCH_ATTRIBUTE_INDEX_TYPES))
      const labels = {
        typedSearchAttributes: searchAttributePairs({ projectId, userEmail: user.email, brand: project.brandDomain, runKind: 'daily-analysis' }, registered),
        staticSummary: `Daily analysis of ${project.brandDomain} (project ${projectId}) · ${user.email}`,
      }
      try {
        await client.schedule.create({
          scheduleId,
          spec,
          action: { type: 'startWorkflow', workflowType: workflowFunction(DAILY_WORKFLOW_TYPE), workflowId: dailyRunWorkflowId(projectId), taskQueue: temporalTaskQueue(), args: [{ projectId }], ...labels },
          // A run never starts while the previous one is still going; after downtime at most one missed run is made up.
          policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '23 hours' },
          state: { note: `Daily analysis of ${project.brandDomain} (project ${projectId}) for ${user.email}` },
          memo: { projectId, userEmail: user.email },
        })
      } catch (err) {
        if (!(err instanceof ScheduleAlreadyRunning)) throw err
        // A schedule made before its runs were labelled (or before the brand changed) gets the current labels.
        await handle.update((prev) => ({ ...prev, spec, action: { ...prev.action, ...labels } }))
      }
      break
    }
    case 'pause':
      await handle.pause(`Paused by ${user.email} in the app`).catch(ignoreMissing)
      break
    case 'resume':
      await handle.unpause(`Resumed by ${user.email} in the app`).catch(ignoreMissing)
      break
    case 'delete':
      await handle.delete().catch(ignoreMissing)
      break
    case 'trigger':
      if (!ticket) throw new Error('Run Now calls models: admit it with admitModelWork first')
      // A run the owner asks for always starts and records its outcome: the scheduled workflow itself
      // applies the click's rules (one per day, a run still going) and says why it skipped. With SKIP,
      // Temporal would drop it silently while it still counts the previous run as running.
      await handle.trigger(ScheduleOverlapPolicy.ALLOW_ALL).catch(ignoreMissing)
      break
  }
  return dailySchedule(user, projectId)
}
