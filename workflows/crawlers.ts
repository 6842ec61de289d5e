/**
 * One log upload or pushed batch: its chunks counted one by one (each chunk is a checkpoint, counted once in the
 * database whatever the retries), with bytes, lines and rate readable through getCrawlerProgress.
 */
import { ApplicationFailure, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow'
import type { Activities } from '../activities'
import { getCrawlerProgressQuery, type CrawlerIngestInput, type CrawlerProgress } from './shared'

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // A killed worker's chunk is retried on another after this (the chunk's transaction never committed).
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
})

// DNS answers take seconds each: a longer step, alive while it heartbeats.
const verify = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
})

export async function crawlersIngestWorkflow(input: CrawlerIngestInput): Promise<CrawlerProgress> {
  const started = Date.now()
  const progress: CrawlerProgress = { status: 'running', bytesDone: 0, bytesTotal: 0, chunksDone: 0, chunks: 0, lines: 0, badLines: 0, bytesPerSecond: 0 }
  setHandler(getCrawlerProgressQuery, () => progress)
  try {
    const chunks = await acts.crawlerChunks(input.uploadId)
    progress.chunks = chunks.length
    progress.bytesTotal = chunks.reduce((s, c) => s + c.bytes, 0)
    for (const chunk of chunks) {
      const counted = await acts.ingestCrawlerChunk({ uploadId: input.uploadId, seq: chunk.seq })
      progress.chunksDone += 1
      progress.bytesDone += chunk.bytes
      progress.lines += counted.lines
      progress.badLines += counted.badLines
      const seconds = (Date.now() - started) / 1000
      progress.bytesPerSecond = seconds > 0 ? Math.round(progress.bytesDone / seconds) : 0
    }
    // Hits held for reverse-DNS verification (the project's setting): their addresses looked up, then counted.
    await verify.verifyCrawlerAddresses({ uploadId: input.uploadId })
    await acts.finishCrawlerUpload({ uploadId: input.uploadId, status: 'completed' })
    progress.status = 'completed'
    return progress
  } catch (err) {
    if (isCancellation(err)) throw err
    const message = err instanceof Error ? err.message : String(err)
    await acts.finishCrawlerUpload({ uploadId: input.uploadId, status: 'failed', error: message })
    throw ApplicationFailure.nonRetryable(message, 'ingest-failed')
  }
}

const quick = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 2 } })

/** The robots.txt reality check of one project's site. */
export async function crawlersRobotsWorkflow(input: { projectId: number; site: string }) {
  return quick.checkCrawlerRobots(input)
}
