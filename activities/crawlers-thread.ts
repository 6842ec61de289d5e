/**
 * The helper thread of the ingest (node:worker_threads): counts the second half of a chunk while the activity's own
 * thread counts the first, so a chunk uses both cores. Only counting happens here; the activity merges the halves
 * and writes them in the chunk's one transaction.
 */
import { parentPort } from 'node:worker_threads'
import { aggregateText, type AggregateOptions } from '../app/domain/crawlers/aggregate'
import type { FormatSpec } from '../app/domain/crawlers/formats'

export interface ThreadJob {
  id: number
  data: Uint8Array
  spec: FormatSpec
  firstLine: number
  options: AggregateOptions
}

parentPort?.on('message', (job: ThreadJob) => {
  try {
    const text = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength).toString('utf8')
    parentPort!.postMessage({ id: job.id, aggregate: aggregateText(text, job.spec, job.firstLine, job.options) })
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) })
  }
})
