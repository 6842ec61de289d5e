/**
 * The model budget: a request budget per user and per client address (429 + Retry-After), and a daily
 * cost cap per user from the gateway's cost accounting (answers of analyses plus model_usage rows for
 * calls outside analyses). Admins have no cost cap.
 *
 * It is enforced where model work starts: a workflow that calls models can only be started with a
 * BudgetTicket (app/lib/temporal.server.ts), and admitModelWork is the only way to get one. A caller
 * takes the ticket before it writes anything, so a refused request leaves no rows behind.
 *
 * The request budgets live in PostgreSQL (rate-limiter-flexible's store, app/lib/cluster.server.ts), so every web
 * process behind a proxy counts the same requests; the cost cap is read from the stored spending, counted once.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { User } from './auth.server'
import { db } from './db.server'
import { env } from './env.server'
import { isDemoMode } from './models.server'
import { tooManyRequests } from './http.server'
import { sharedLimiter } from './cluster.server'
import { costCapMessage, modelSpendOf as spendOf, overCostCap, type ModelSpend } from '../../db/model-spend'

let limiters: { perUser: RateLimiterAbstract; perAddress: RateLimiterAbstract } | undefined

function getLimiters() {
  if (limiters) return limiters
  const e = env()
  limiters = {
    perUser: sharedLimiter({ keyPrefix: 'model-user', points: e.MODEL_CALLS_PER_USER_PER_MINUTE, durationSeconds: 60 }),
    perAddress: sharedLimiter({ keyPrefix: 'model-address', points: e.MODEL_CALLS_PER_ADDRESS_PER_MINUTE, durationSeconds: 60 }),
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

/** This UTC day's model spending of a user, and the cap (null: none); computed in db/model-spend.ts. */
export async function modelSpendOf(user: User): Promise<ModelSpend> {
  return spendOf(db(), user, env().DAILY_COST_CAP_USD)
}

export { costCapMessage }

/** A thrown 429 (Retry-After: until the next UTC midnight) once the user's spending today reached the cap. */
export async function requireCostBudget(user: User) {
  const spend = await modelSpendOf(user)
  if (overCostCap(spend)) {
    tooManyRequests(costCapMessage(spend.spentTodayUsd, spend.dailyCapUsd), (Date.parse(spend.resetsAt) - Date.now()) / 1000)
  }
}

declare const admitted: unique symbol
/** Proof that a request for model work passed the budget: what starting a model-calling workflow demands. */
export type BudgetTicket = { readonly [admitted]: true; readonly userId: number }

/** Who pays for model work: the user, and the client address the request came from. */
export interface ModelPayer {
  user: User
  clientAddress: string
}

/**
 * Both checks, the cheap one-row count first; a thrown 429 when either is spent, otherwise the ticket
 * that lets the caller start the model work.
 */
export async function admitModelWork({ user, clientAddress }: ModelPayer): Promise<BudgetTicket> {
  await limitModelRequests(user, clientAddress)
  await requireCostBudget(user)
  return { userId: user.id } as BudgetTicket
}

/** Records the cost of a model call made outside an analysis (it then counts against the daily cap, unless simulated). */
export async function recordModelUsage(userId: number, kind: string, provider: string | null, costUsd: number | undefined) {
  // The worker that made the call runs with the same environment: in demo mode the simulator answered.
  await db()`insert into model_usage (user_id, kind, provider, cost_usd, simulated) values (${userId}, ${kind}, ${provider}, ${Math.max(0, costUsd ?? 0)}, ${isDemoMode()})`
}
