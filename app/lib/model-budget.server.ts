/**
 * What a route that calls a model must pass first (generation, add-model, refresh, analyses; later
 * chat, optimiser, ideator): a request budget per user and per client address (429 + Retry-After),
 * and a daily cost cap per user from the gateway's cost accounting (answers of analyses plus
 * model_usage rows for calls outside analyses). Admins have no cost cap.
 *
 * The request budgets live in this process's memory (rate-limiter-flexible): the web app is one
 * process; more processes would each count separately (a Postgres store would then fit).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { User } from './auth.server'
import { db } from './db.server'
import { env } from './env.server'
import { tooManyRequests } from './http.server'

let limiters: { perUser: RateLimiterMemory; perAddress: RateLimiterMemory } | undefined

function getLimiters() {
  if (limiters) return limiters
  const e = env()
  limiters = {
    perUser: new RateLimiterMemory({ keyPrefix: 'model-user', points: e.MODEL_CALLS_PER_USER_PER_MINUTE, duration: 60 }),
    perAddress: new RateLimiterMemory({ keyPrefix: 'model-address', points: e.MODEL_CALLS_PER_ADDRESS_PER_MINUTE, duration: 60 }),
  }
  return limiters
}

export const RATE_LIMIT_MESSAGE = 'Too many AI requests in a short time. Please wait a moment and try again.'

/** Counts one request against the user's and the address' budgets; a thrown 429 once either is spent. */
export async function limitModelRequests(user: User, clientAddress: string) {
  const { perUser, perAddress } = getLimiters()
  const results = await Promise.allSettled([perUser.consume(`user:${user.id}`), perAddress.consume(`address:${clientAddress}`)])
  const refused: RateLimiterRes[] = []
  for (const r of results) {
    if (r.status === 'fulfilled') continue
    if (!(r.reason instanceof RateLimiterRes)) throw r.reason
    refused.push(r.reason)
  }
  if (refused.length) tooManyRequests(RATE_LIMIT_MESSAGE, Math.max(...refused.map((r) => r.msBeforeNext)) / 1000)
}

/** This UTC day's model spending of a user, and the cap (null: none). */
export async function modelSpendOf(user: User): Promise<{ spentTodayUsd: number; dailyCapUsd: number | null; resetsAt: string }> {
  const [row] = await db()<{ usd: string; resets_at: Date }[]>`
    with day as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as start)
    select
      coalesce((select sum(r.cost_usd) from api_responses r
                join analyses a on a.id = r.analysis_id join projects p on p.id = a.project_id
                where p.user_id = ${user.id} and r.created_at >= day.start), 0)
      + coalesce((select sum(u.cost_usd) from model_usage u where u.user_id = ${user.id} and u.created_at >= day.start), 0) as usd,
      day.start + interval '1 day' as resets_at
    from day`
  const cap = env().DAILY_COST_CAP_USD
  return {
    spentTodayUsd: Math.round(Number(row.usd) * 1e6) / 1e6,
    dailyCapUsd: user.isAdmin || cap === 0 ? null : cap,
    resetsAt: row.resets_at.toISOString(),
  }
}

export const costCapMessage = (spent: number, cap: number) =>
  `Daily AI spending limit reached ($${spent.toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`

/** A thrown 429 (Retry-After: until the next UTC midnight) once the user's spending today reached the cap. */
export async function requireCostBudget(user: User) {
  const spend = await modelSpendOf(user)
  if (spend.dailyCapUsd !== null && spend.spentTodayUsd >= spend.dailyCapUsd) {
    tooManyRequests(costCapMessage(spend.spentTodayUsd, spend.dailyCapUsd), (Date.parse(spend.resetsAt) - Date.now()) / 1000)
  }
}

/** Both checks, in the order a model route needs them: the cheap in-memory count first. */
export async function requireModelBudget(user: User, clientAddress: string) {
  await limitModelRequests(user, clientAddress)
  await requireCostBudget(user)
}

/** Records the cost of a model call made outside an analysis (it then counts against the daily cap). */
export async function recordModelUsage(userId: number, kind: string, provider: string | null, costUsd: number | undefined) {
  await db()`insert into model_usage (user_id, kind, provider, cost_usd) values (${userId}, ${kind}, ${provider}, ${Math.max(0, costUsd ?? 0)})`
}
