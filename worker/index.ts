/** The worker process: hosts the workflows and the activities on the task queue. */
import { NativeConnection, Worker } from '@temporalio/worker'
import { createRequire } from 'node:module'
import { getSql, closeAllSql } from '../db/client'
import { createActivities } from '../activities'
import { createGateway } from '../activities/gateway'
import { temporalConnectionOptions, temporalNamespace, temporalTaskQueue } from './temporal-connection'

const require = createRequire(import.meta.url)

export async function runWorker() {
  const connection = await NativeConnection.connect(temporalConnectionOptions())
  const sql = getSql()
  const worker = await Worker.create({
    connection,
    namespace: temporalNamespace(),
    taskQueue: temporalTaskQueue(),
    workflowsPath: require.resolve('../workflows/index.ts'),
    activities: createActivities({ sql, gateway: createGateway() }),
    maxConcurrentActivityTaskExecutions: Number(process.env.WORKER_MAX_ACTIVITIES ?? 200),
    bundlerOptions: { ignoreModules: ['postgres'] },
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
