/**
 * A completed analysis run through the whole product (simulated models): a running-shoes
 * project with topics, audiences and a competitor named like an HTML payload. The results
 * tests use it for the wiring (filters, exports, access, rendering of odd names); the
 * figures themselves are checked on the hand-worked analysis (hand-worked-analysis.ts),
 * never against numbers the product computes itself.
 */
import { createProject, resetSimulator, signUp, startAnalysis, waitForAnalysis, type Session } from './flows'

export const EVIL = '<img src=x onerror=alert(1)>'
export const QUERIES = [
  { query: 'best running shoes for flat feet', topic: 'Comfort', audience: 'Beginners' },
  { query: 'most comfortable marathon shoes', topic: 'Comfort', audience: 'Marathoners' },
  { query: 'best value running shoes uk', topic: 'Value', audience: 'Beginners' },
  { query: 'which running shoe brand lasts longest', topic: 'Value', audience: 'Marathoners' },
]

/** A new owner, their project and its analysis, run to the end (the caller checks it completed). */
export async function runResultsAnalysis(): Promise<{ owner: Session & { userId: number }; project: any; analysis: any }> {
  await resetSimulator()
  const owner = await signUp()
  const created = await createProject(owner, {
    competitors: ['Nike', 'Asics', 'Hoka', EVIL],
    queries: QUERIES,
    topics: [
      { id: 'comfort', name: 'Comfort', relevance: 8 },
      { id: 'value', name: 'Value', relevance: 6 },
    ],
    audiences: [
      { id: 'beginners', name: 'Beginners', description: 'New runners' },
      { id: 'marathoners', name: 'Marathoners', description: 'Runners training for 42 km' },
    ],
  })
  const started = await startAnalysis(owner, created.id)
  const analysis = await waitForAnalysis(owner, started.id)
  const project = (await owner.json(`/api/projects/${created.id}`)).body
  return { owner, project: project.project ?? project, analysis }
}
