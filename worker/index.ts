/** The worker process: hosts the workflows and the activities on the task queue. */
import { NativeConnection, Worker } from '@temporalio/worker'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { getSql, closeAllSql } from '../db/client'
import { createActivities } from '../activities'
import { createGateway } from '../activities/gateway'
import { temporalConnectionOptions, temporalNamespace, temporalTaskQueue } from '../app/lib/temporal-connection.server'
import { checkEnvAtStart } from '../app/lib/env.server'

const require = createRequire(import.meta.url)

export async function runWorker() {
  // The one environment schema of the app (app/lib/env.server.ts), checked before connecting to anything.
  checkEnvAtStart('The worker')
  const connection = await NativeConnection.connect(temporalConnectionOptions())
  const sql = getSql()
  const worker = await Worker.create({
    connection,
    namespace: temporalNamespace(),
    taskQueue: temporalTaskQueue(),
    // A bundle prebuilt by worker/bundle.ts (npm start and the tests build it) keeps webpack out of this process.
    ...(process.env.WORKFLOW_BUNDLE && existsSync(process.env.WORKFLOW_BUNDLE)
      ? { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE } }
      : { workflowsPath: require.resolve('../workflows/index.ts') }),
    maxConcurrentActivityTaskPolls: Number(process.env.WORKER_ACTIVITY_POLLERS ?? 16),
    maxConcurrentWorkflowTaskPolls: Number(process.env.WORKER_WORKFLOW_POLLERS ?? 8),
    maxCachedWorkflows: Number(process.env.WORKER_CACHED_WORKFLOWS ?? 100),
    activities: createActivities({ sql, gateway: createGateway() }),
    maxConcurrentActivityTaskExecutions: Number(process.env.WORKER_MAX_ACTIVITIES ?? 200),
  })
  console.log(`worker started on task queue "${temporalTaskQueue()}"`)
  const stop = () => worker.shutdown()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    await worker.run()
  } finally {
    await connection.close()
    await closeAllSql()
  }
}

await runWorker()
