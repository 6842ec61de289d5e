/**
 * The lane runner of a model's calls, shared by the analysis (workflows/analysis.ts) and the source search
 * (workflows/sources.ts): a model's items go in batches (one activity each) through a few parallel lanes, every
 * result is counted on the model's progress row, and a configuration error (no key, bad key) stops the model's
 * remaining batches. The order of the activity calls is the one both workflows had before, so recorded histories
 * replay unchanged.
 */
import { ActivityFailure, ApplicationFailure, isCancellation } from '@temporalio/workflow'
import type { ModelProgress } from './shared'

/** What the workflow learns about one call. */
export interface LaneResult {
  ok: boolean
  stored?: boolean
  error?: string
  errorKind?: string
}

/** The items in batches of `size` (the last one shorter). */
export const batchesOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/** A batch holds at most `max` calls, and no more than the provider's concurrency. */
export const batchSizeOf = (max: number, concurrency: number) => Math.max(1, Math.min(max, concurrency))

/**
 * Twice the provider's concurrency (two batches at least) is kept scheduled: while one batch is answered the next
 * waits in the worker behind the gateway's per-provider limit, so a freed slot starts a call without a Temporal round trip.
 */
export const laneCountOf = (concurrency: number, size: number, batches: number) => Math.min(Math.max(2, Math.ceil((concurrency * 2) / size)), batches)

/** An activity that failed for good, as one failed result per item (non-retryable failures end the model, not the run). */
export function failedResult(err: unknown): LaneResult {
  if (isCancellation(err)) throw err
  const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined
  return { ok: false, stored: false, error: cause?.message ?? String(err), errorKind: cause?.type ?? 'transient' }
}

/** Counts one result on the model's row; true when it should stop the model. */
export function countResult(status: ModelProgress, result: LaneResult): boolean {
  status.completed++
  if (!result.ok) {
    status.failed++
    status.error = result.error ?? 'The model did not answer'
  }
  return result.errorKind === 'configuration'
}

export interface ModelLanes<T> {
  status: ModelProgress
  batches: T[][]
  lanes: number
  /** Before a batch's call: the run's "current model". */
  onBatch: (batch: T[]) => void
  ask: (batch: T[]) => Promise<LaneResult[]>
  /** After a result is counted (the analysis counts the stored answers). */
  onResult?: (result: LaneResult) => void
}

/** Runs a model's batches through its lanes; the model's row is processing meanwhile. Answers whether it was stopped. */
export async function runModelLanes<T extends { query: string }>(m: ModelLanes<T>): Promise<boolean> {
  let next = 0
  let stop = false
  m.status.status = 'processing'
  m.status.startTime = new Date().toISOString()
  const lane = async () => {
    while (!stop && next < m.batches.length) {
      const batch = m.batches[next++]
      m.status.currentQuery = batch[0].query
      m.onBatch(batch)
      const results = await m.ask(batch).catch((err: unknown) => batch.map(() => failedResult(err)))
      for (const result of results) {
        if (countResult(m.status, result)) stop = true
        m.onResult?.(result)
      }
    }
  }
  await Promise.all(Array.from({ length: m.lanes }, lane))
  m.status.currentQuery = null
  m.status.completedTime = new Date().toISOString()
  if (stop) m.status.completed = m.status.total
  return stop
}
