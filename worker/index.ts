/** The worker process: hosts the workflows and the activities on the task queue. */
import { NativeConnection, Worker } from '@temporalio/worker'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { getSql, closeAllSql } from '../db/client'
import { createActivities } from '../activities'
import { createGateway, loadProviderConfigs } from '../activities/gateway'
import { sharedProviderSlots } from '../db/provider-slots'
import { temporalConnectionOptions, temporalNamespace, temporalTaskQueue } from '../config/temporal'
import { checkEnvAtStart } from '../config/env'
import { stopCrawlerThread } from '../activities/crawlers'

const require = createRequire(import.meta.url)

/** The app's report module, loaded on the first scheduled report e-mail (it pulls in the results views and Chromium). */
const renderReport = async (analysisId: number) => (await import('../app/lib/report.server')).reportPdfOf(analysisId)

export async function runWorker() {
  // The one environment schema (config/env.ts), checked before connecting to anything.
  const settings = checkEnvAtStart('The worker')
  const connection = await NativeConnection.connect(temporalConnectionOptions())
  const sql = getSql()
  const configs = loadProviderConfigs()
  // A provider's concurrency is its account's: with several workers, its calls in flight are counted on the database.
  const slots =
    settings.PROVIDER_SLOTS === 'shared'
      ? sharedProviderSlots(sql, Object.fromEntries(Object.entries(configs).map(([k, c]) => [k, { slots: Math.max(1, Math.floor(c.concurrency)) }])))
      : undefined
  const worker = await Worker.create({
    connection,
    namespace: temporalNamespace(),
    taskQueue: temporalTaskQueue(),
    // A bundle prebuilt by worker/bundle.ts (npm start and the tests build it) keeps webpack out of this process.
    ...(settings.WORKFLOW_BUNDLE && existsSync(settings.WORKFLOW_BUNDLE)
      ? { workflowBundle: { codePath: settings.WORKFLOW_BUNDLE } }
      : { workflowsPath: require.resolve('../workflows/index.ts') }),
    maxConcurrentActivityTaskPolls: settings.WORKER_ACTIVITY_POLLERS,
    maxConcurrentWorkflowTaskPolls: settings.WORKER_WORKFLOW_POLLERS,
    maxCachedWorkflows: settings.WORKER_CACHED_WORKFLOWS,
    activities: createActivities({ sql, gateway: createGateway(configs, slots), renderReport }),
    maxConcurrentActivityTaskExecutions: settings.WORKER_MAX_ACTIVITIES,
  })
  console.log(`worker started on task queue "${temporalTaskQueue()}"`)
  const stop = () => worker.shutdown()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    await worker.run()
  } finally {
    await stopCrawlerThread()
    await slots?.close()
    await connection.close()
    await closeAllSql()
  }
}

await runWorker()
