/**
 * A user's model spending this UTC day, from the gateway's cost accounting (the answers of their analyses plus
 * model_usage rows for calls outside analyses; calls the simulator answered are summed apart and never capped), and the per-user daily cap (DAILY_COST_CAP_USD; admins have none).
 * One computation for the app's model routes (app/lib/model-budget.server.ts) and the daily scheduled run
 * (activities/trends.ts), which has no request to answer with a 429 and skips the run instead.
 */
import { dailyCostCapSetting } from '../config/env'
import type { Db } from './client'

/** The cap from an environment (the worker's activities; the parser is config/env.ts's, which both processes validate at start). */
export function dailyCostCapFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = dailyCostCapSetting.safeParse(env.DAILY_COST_CAP_USD)
  if (!parsed.success) throw new Error(`Invalid environment:\n  DAILY_COST_CAP_USD: ${parsed.error.issues[0]?.message}`)
  return parsed.data
}

export interface ModelSpend {
  /** Spent on real model calls this UTC day: what the cap counts. */
  spentTodayUsd: number
  /** What today's simulated calls (demo mode) would cost with real keys: an estimate, never spent, never capped. */
  simulatedTodayUsd: number
  /** null: no cap (an admin, or the cap set to 0). */
  dailyCapUsd: number | null
  /** The next UTC midnight, ISO. */
  resetsAt: string
}

/** This UTC day's model spending of a user, and the cap that applies to them. Simulated calls cost nothing. */
export async function modelSpendOf(sql: Db, user: { id: number; isAdmin: boolean }, capUsd: number): Promise<ModelSpend> {
  const [row] = await sql<{ usd: string; simulated_usd: string; resets_at: Date }[]>`
    with day as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as start),
    calls as (
      select r.cost_usd, r.simulated from api_responses r
        join analyses a on a.id = r.analysis_id join projects p on p.id = a.project_id, day
        where p.user_id = ${user.id} and r.created_at >= day.start
      union all
      select u.cost_usd, u.simulated from model_usage u, day where u.user_id = ${user.id} and u.created_at >= day.start
    )
    select
      coalesce((select sum(cost_usd) from calls where not simulated), 0) as usd,
      coalesce((select sum(cost_usd) from calls where simulated), 0) as simulated_usd,
      day.start + interval '1 day' as resets_at
    from day`
  return {
    spentTodayUsd: Math.round(Number(row.usd) * 1e6) / 1e6,
    simulatedTodayUsd: Math.round(Number(row.simulated_usd) * 1e6) / 1e6,
    dailyCapUsd: user.isAdmin || capUsd === 0 ? null : capUsd,
    resetsAt: row.resets_at.toISOString(),
  }
}

export const overCostCap = (s: ModelSpend): s is ModelSpend & { dailyCapUsd: number } => s.dailyCapUsd !== null && s.spentTodayUsd >= s.dailyCapUsd

export const costCapMessage = (spent: number, cap: number) =>
  `Daily AI spending limit reached ($${spent.toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`
