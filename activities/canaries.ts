/**
 * Canaries: after a scheduled run's analysis, each of its models is asked the canary queries of the
 * project's language (a few samples, through the gateway, counted in the daily cost cap), each answer fingerprinted
 * and stored once; then each model's day is tested against its previous 14 days and a change is flagged and alerted.
 */
import { Context } from '@temporalio/activity'
import type postgres from 'postgres'
import type { Gateway } from './gateway'
import { CANARY_BASELINE_DAYS, CANARY_SAMPLES, canaryDayOf, canaryQueriesFor, canaryShift, fingerprintOf, type CanaryFingerprint } from '../app/domain/canaries'
import { CARD_MODEL_IDS, modelById, type ProviderKey } from '../app/domain/models'
import { dailyCostCapFromEnv, modelSpendOf, overCostCap } from '../db/model-spend'
import { storeModelChange } from '../db/canaries'

export const CANARY_USAGE_KIND = 'canary'

export function createCanaryActivities({ sql, gateway, dailyCostCapUsd = dailyCostCapFromEnv() }: { sql: postgres.Sql<any>; gateway: Gateway; dailyCostCapUsd?: number }) {
  async function analysisOf(analysisId: number) {
    const [a] = await sql<{ project_id: number; user_id: number; date: string; model_ids: number[]; language: string; enabled: boolean; is_admin: boolean }[]>`
      select a.project_id, a.user_id, a.date::text as date, a.model_ids, p.language, p.canaries_enabled as enabled, u.is_admin
      from analyses a join projects p on p.id = a.project_id join users u on u.id = a.user_id where a.id = ${analysisId}`
    return a
  }

  return {
    /** Asks the canaries of one analysis's models; answers already stored are not asked again (a retried activity). */
    async askCanaries(input: { analysisId: number }): Promise<{ asked: number; skipped?: string }> {
      const a = await analysisOf(input.analysisId)
      if (!a) return { asked: 0, skipped: 'The analysis no longer exists' }
      if (!a.enabled) return { asked: 0, skipped: 'Canaries are turned off for this project' }
      if (overCostCap(await modelSpendOf(sql, { id: a.user_id, isAdmin: a.is_admin }, dailyCostCapUsd))) return { asked: 0, skipped: 'The daily cost cap is reached' }
      const done = new Set((await sql<{ k: string }[]>`select model_id || ':' || query_index || ':' || sample as k from canary_answers where analysis_id = ${input.analysisId}`).map((r) => r.k))
      const queries = canaryQueriesFor(a.language)
      const ctx = Context.current()
      const beat = setInterval(() => ctx.heartbeat(), 3000)
      let asked = 0
      try {
        // Models side by side (the gateway bounds each vendor), each model's calls one after another.
        await Promise.all(
          a.model_ids.filter((m) => (CARD_MODEL_IDS as readonly number[]).includes(m)).map(async (modelId) => {
            const model = modelById(modelId)!
            if (!gateway.configs[model.provider as ProviderKey]?.configured) return
            for (const [queryIndex, prompt] of queries.entries())
              for (let sample = 1; sample <= CANARY_SAMPLES; sample++) {
                if (done.has(`${modelId}:${queryIndex}:${sample}`)) continue
                let print: CanaryFingerprint | null = null
                let cost = 0
                let simulated = false
                try {
                  const answer = await gateway.ask(model.provider as ProviderKey, { prompt, signal: ctx.cancellationSignal })
                  print = fingerprintOf(answer.text, answer.citations, answer.model)
                  cost = Math.max(0, answer.costUsd ?? 0)
                  simulated = answer.simulated
                } catch {
                  // A failed canary is a missing data point, not a failed run: stored as such, never retried.
                }
                const inserted = await sql`
                  insert into canary_answers (project_id, analysis_id, date, model_id, query_index, sample, ok, fingerprint, cost_usd, simulated)
                  values (${a.project_id}, ${input.analysisId}, ${a.date}, ${modelId}, ${queryIndex}, ${sample}, ${print !== null}, ${print ? sql.json(print as any) : null}, ${cost}, ${simulated})
                  on conflict (analysis_id, model_id, query_index, sample) do nothing returning id`
                // The daily cost cap counts these calls (model_usage), once per stored answer.
                if (inserted.length && print)
                  await sql`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${a.user_id}, ${CANARY_USAGE_KIND}, ${model.provider}, ${cost}, ${simulated})`
                asked++
              }
          }),
        )
      } finally {
        clearInterval(beat)
      }
      return { asked }
    },

    /** Tests each model's canaries of the analysis's date against its previous 14 dates; flags and alerts a change. */
    async checkCanaries(input: { analysisId: number }): Promise<{ flagged: string[] }> {
      const a = await analysisOf(input.analysisId)
      if (!a) return { flagged: [] }
      const rows = await sql<{ date: string; model_id: number; fingerprint: CanaryFingerprint }[]>`
        select date::text as date, model_id, fingerprint from canary_answers
        where project_id = ${a.project_id} and ok and date <= ${a.date}
          and date > (${a.date}::date - ${CANARY_BASELINE_DAYS + 1}::int)
        order by date, model_id, query_index, sample`
      const flagged: string[] = []
      for (const modelId of new Set(rows.map((r) => r.model_id))) {
        const byDate = new Map<string, CanaryFingerprint[]>()
        for (const r of rows) if (r.model_id === modelId) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r.fingerprint])
        const today = byDate.get(a.date)
        if (!today) continue
        const previous = [...byDate.entries()].filter(([d]) => d < a.date).map(([d, p]) => canaryDayOf(d, p))
        const shift = canaryShift(previous, canaryDayOf(a.date, today))
        if (shift.changed) flagged.push(await storeModelChange(sql, { projectId: a.project_id, analysisId: input.analysisId, date: a.date, modelId, reasons: shift.reasons }))
      }
      return { flagged }
    },
  }
}

export type CanaryActivities = ReturnType<typeof createCanaryActivities>
