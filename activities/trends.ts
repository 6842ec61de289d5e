/**
 * Activities of the daily scheduled run (workflows/trends.ts): the run created as a click creates it (db/runs.ts:
 * the same checks, rows, brands and progress), and the alert check once the run has completed.
 */
import { createHmac } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { ApplicationFailure } from '@temporalio/activity'
import type postgres from 'postgres'
import { alertsForRun, latestPerDate } from '../app/domain/trends'
import { publicAddress, SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookUrlProblem } from '../app/domain/trends/webhook'
import { buildTrendPoint, trendPointsOf } from '../db/trends'
import { AnalysisRefused } from '../db/analysis-admission'
import { dailyCostCapFromEnv } from '../db/model-spend'
import { createAnalysisRun, storedRunInput } from '../db/runs'
import { today } from '../app/domain/analyses'
import type { AnalysisWorkflowInput } from '../workflows/shared'

export type ScheduledStart =
  | { outcome: 'started'; analysisId: number; workflowId: string; input: AnalysisWorkflowInput }
  | { outcome: 'skipped'; reason: string }


class Skip extends Error {}

export interface WebhookOptions {
  /**
   * Exact addresses a webhook may reach although they are not public, over http too: for tests only (a loopback
   * receiver). Empty in the worker: every delivery must resolve to public addresses only, over https.
   */
  allowAddresses?: string[]
  timeoutMs?: number
}

/** `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the project's webhook secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * POSTs the body to the URL after resolving its host and checking every address (public only, or an allowed test
 * address); the connection goes to the checked address, so DNS cannot change it in between. A refused address
 * is a non-retryable failure; a network error or a non-2xx answer is retried by Temporal.
 */
async function postWebhook(raw: string, body: string, secret: string, opts: WebhookOptions): Promise<number> {
  const allowed = new Set(opts.allowAddresses ?? [])
  // The rule the URL met when it was saved, checked again (a row may predate it or have been edited).
  const problem = webhookUrlProblem(raw, allowed)
  if (problem) throw ApplicationFailure.nonRetryable(`Webhook refused: ${problem}`, 'webhook-refused')
  const url = new URL(raw)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = await lookup(host, { all: true, verbatim: true }).catch((err) => {
    throw ApplicationFailure.create({ type: 'webhook-dns', message: `Webhook host ${host} could not be resolved: ${err.code ?? err.message}` })
  })
  for (const a of addresses) {
    if (allowed.has(a.address)) continue
    const v = publicAddress(a.address)
    if (!v.ok) throw ApplicationFailure.nonRetryable(`Webhook refused: ${host} resolves to ${v.reason}`, 'webhook-refused')
  }
  const insecureOk = addresses.every((a) => allowed.has(a.address))
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecureOk)) throw ApplicationFailure.nonRetryable('Webhook refused: the URL must use https', 'webhook-refused')
  const pinned = addresses[0]
  const pin: LookupFunction = (_h, o, cb) => {
    if ((o as { all?: boolean }).all) (cb as any)(null, [{ address: pinned.address, family: pinned.family }])
    else cb(null, pinned.address, pinned.family)
  }
  const timestamp = String(Math.floor(Date.now() / 1000))
  const client = url.protocol === 'https:' ? https : http
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pin,
        timeout: opts.timeoutMs ?? 10_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'ai-brand-visibility-alerts', [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => (res.statusCode && res.statusCode >= 200 && res.statusCode < 300 ? resolve(res.statusCode) : reject(ApplicationFailure.create({ type: 'webhook-status', message: `Webhook answered ${res.statusCode}` }))))
      },
    )
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', (err) => reject(ApplicationFailure.create({ type: 'webhook-network', message: `Webhook delivery failed: ${err.message}` })))
    req.end(body)
  })
}

/**
 * `dailyCostCapUsd`: the per-user daily model spending cap a scheduled run must be under (DAILY_COST_CAP_USD of the
 * worker's environment unless given; 0 = none).
 */
export function createTrendActivities({ sql, webhook = {}, dailyCostCapUsd = dailyCostCapFromEnv() }: { sql: postgres.Sql<any>; webhook?: WebhookOptions; dailyCostCapUsd?: number }) {
  /** The run, created by the function a click calls (db/runs.ts); a refusal is the skip's reason. */
  async function start(tx: postgres.TransactionSql<any>, projectId: number) {
    const { analysis, run } = await createAnalysisRun(tx, projectId, { day: today(), dailyCostCapUsd }).catch((err: unknown) => {
      throw err instanceof AnalysisRefused ? new Skip(err.message) : err
    })
    return { analysisId: analysis.id, workflowId: run.workflowId, input: run.input }
  }

  return {
    /**
     * Checks and creates the scheduled run's analysis in one transaction under the user's lock, and records what
     * happened under the schedule's workflow id: a retried activity answers the recorded outcome again.
     */
    async startScheduledAnalysis(input: { projectId: number; workflowId: string }): Promise<ScheduledStart> {
      return sql.begin(async (tx) => {
        const [done] = await tx<{ outcome: 'started' | 'skipped'; reason: string | null; analysis_id: number | null }[]>`
          select outcome, reason, analysis_id from scheduled_runs where workflow_id = ${input.workflowId}`
        if (done?.outcome === 'skipped' || (done && !done.analysis_id)) return { outcome: 'skipped' as const, reason: done.reason ?? 'Skipped' }
        if (done?.analysis_id) {
          const [run] = await tx<{ id: number; workflow_id: string }[]>`
            select id, workflow_id from model_runs where analysis_id = ${done.analysis_id} and kind = 'analysis' order by id desc limit 1`
          return { outcome: 'started' as const, analysisId: done.analysis_id, workflowId: run.workflow_id, input: await storedRunInput(tx, run.id) }
        }
        try {
          const s = await tx.savepoint(async (sp) => start(sp as unknown as postgres.TransactionSql<any>, input.projectId))
          await tx`insert into scheduled_runs (project_id, workflow_id, outcome, analysis_id) values (${input.projectId}, ${input.workflowId}, 'started', ${s.analysisId})`
          return { outcome: 'started' as const, ...s }
        } catch (err) {
          if (!(err instanceof Skip)) throw err
          const exists = await tx`select 1 from projects where id = ${input.projectId}`
          if (exists.length)
            await tx`insert into scheduled_runs (project_id, workflow_id, outcome, reason) values (${input.projectId}, ${input.workflowId}, 'skipped', ${err.message})`
          return { outcome: 'skipped' as const, reason: err.message }
        }
      })
    },

    /** Records that the schedule skipped a run (for example the analysis workflow could not start). */
    async recordScheduledSkip(input: { projectId: number; workflowId: string; reason: string }) {
      await sql`
        insert into scheduled_runs (project_id, workflow_id, outcome, reason) select ${input.projectId}, ${input.workflowId}, 'skipped', ${input.reason}
        where exists (select 1 from projects where id = ${input.projectId})
        on conflict (workflow_id) do update set outcome = 'skipped', reason = excluded.reason`
    },

    /**
     * POSTs the project's undelivered alerts as one JSON body to its webhook, signed; marks them delivered. A refused
     * address is recorded on the alerts and not retried; other failures throw so Temporal retries with backoff. The
     * alerts are claimed (`for update skip locked`) while they are posted: two deliveries at once (the daily run's and
     * its analysis's) send each alert once. `analysisId` stands for its project.
     */
    async deliverTrendAlerts(input: { projectId?: number; analysisId?: number }): Promise<{ delivered: number }> {
      const projectId = input.projectId ?? (await sql<{ project_id: number }[]>`select project_id from analyses where id = ${input.analysisId ?? 0}`)[0]?.project_id
      if (!projectId) return { delivered: 0 }
      const [hook] = await sql<{ url: string; secret: string }[]>`select url, secret from trend_webhooks where project_id = ${projectId}`
      if (!hook) return { delivered: 0 }
      let failure: unknown = null
      const delivered = await sql.begin(async (tx) => {
        const alerts = await tx<{ id: string; data: Record<string, unknown>; created_at: Date }[]>`
          select id, data, created_at from trend_alerts where project_id = ${projectId} and delivered_at is null order by id limit 50 for update skip locked`
        if (!alerts.length) return 0
        const body = JSON.stringify({ type: 'trend-alerts', projectId, alerts: alerts.map((a) => ({ id: Number(a.id), createdAt: a.created_at.toISOString(), ...a.data })) })
        const ids = alerts.map((a) => a.id)
        try {
          await postWebhook(hook.url, body, hook.secret, webhook)
        } catch (err) {
          failure = err
          await tx`update trend_alerts set delivery_error = ${err instanceof Error ? err.message : String(err)} where id in ${tx(ids)}`
          return 0
        }
        await tx`update trend_alerts set delivered_at = now(), delivery_error = null where id in ${tx(ids)}`
        return ids.length
      })
      if (failure) throw failure
      return { delivered }
    },

    /** After a completed run: its trend point, and an alert for each own-brand rate that moved beyond chance. */
    async checkTrendAlerts(input: { analysisId: number }): Promise<{ alerts: number }> {
      const [a] = await sql<{ project_id: number; status: string }[]>`select project_id, status from analyses where id = ${input.analysisId}`
      if (!a || a.status !== 'completed') return { alerts: 0 }
      await buildTrendPoint(sql, input.analysisId)
      const points = latestPerDate(await trendPointsOf(sql, a.project_id))
      const at = points.findIndex((p) => p.analysisId === input.analysisId)
      if (at < 0) return { alerts: 0 }
      const alerts = alertsForRun(points[at], points.slice(0, at))
      for (const alert of alerts)
        await sql`
          insert into trend_alerts (project_id, analysis_id, metric, message, data)
          values (${a.project_id}, ${input.analysisId}, ${alert.metric}, ${alert.message}, ${sql.json(alert as any)})
          on conflict (analysis_id, metric) do nothing`
      return { alerts: alerts.length }
    },
  }
}

export type TrendActivities = ReturnType<typeof createTrendActivities>
