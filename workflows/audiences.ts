import { proxyActivities } from '@temporalio/workflow'
import type { Activities } from '../activities'

const { generateAudiencesTopics, generateGroupQueries } = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: ['configuration', 'permanent', 'invalid-response'] },
})

/** Audience personas and topics for a brand and market (POST /api/generate-audiences-topics). */
export async function audiencesTopicsWorkflow(input: Parameters<Activities['generateAudiencesTopics']>[0]) {
  return generateAudiencesTopics(input)
}

/** Competitors and queries for the selected audiences or topics (POST /api/generate-audience-queries and /api/generate-topic-queries). */
export async function audienceQueriesWorkflow(input: Parameters<Activities['generateGroupQueries']>[0]) {
  return generateGroupQueries(input)
}
