import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client'
import { temporalConnectionOptions, temporalNamespace, temporalTaskQueue } from '../../worker/temporal-connection'

let clientPromise: Promise<Client> | undefined

/** One Temporal client per app process, connected lazily. */
export function temporal(): Promise<Client> {
  clientPromise ??= Connection.connect(temporalConnectionOptions())
    .then((connection) => new Client({ connection, namespace: temporalNamespace() }))
    .catch((err) => {
      clientPromise = undefined
      throw err
    })
  return clientPromise
}

export const taskQueue = () => temporalTaskQueue()

export type WorkflowState = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TERMINATED' | 'TIMED_OUT' | 'CONTINUED_AS_NEW' | 'NOT_FOUND' | 'UNKNOWN'

/** The workflow's status as Temporal sees it (what an operator sees in the Temporal UI). */
export async function workflowState(workflowId: string): Promise<WorkflowState> {
  try {
    const d = await (await temporal()).workflow.getHandle(workflowId).describe()
    return d.status.name as WorkflowState
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'NOT_FOUND'
    return 'UNKNOWN'
  }
}
