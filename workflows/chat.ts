/**
 * One model turn of an AI Chat question. The web app runs the question's tool loop: it starts
 * this workflow per turn, runs the tools the model asked for against the results screens' loaders (where the
 * user's access was checked), and starts the next turn with their results.
 */
import { proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'
import type { ChatTurnInput, ChatTurnOutput } from '../app/domain/chat'

const { chatTurn } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // A user is waiting: one more try for a dropped connection, none for quota or configuration.
  retry: { initialInterval: '1 second', maximumAttempts: 2, nonRetryableErrorTypes: ['configuration', 'permanent', 'rate_limited'] },
})

export async function chatTurnWorkflow(input: ChatTurnInput): Promise<ChatTurnOutput> {
  return chatTurn(input)
}
