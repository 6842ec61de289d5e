/**
 * The completed analysis the results tests read: a running-shoes project with topics,
 * audiences and a competitor named like an HTML payload, and the metrics module's numbers
 * for it, computed from the answers GET /api/analyses/{id} returns.
 */
import { aggregateAnalysis, type AnalysisMetrics, type AnswerForMetrics, type BrandDef } from '../../app/domain/metrics'
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

/** The metrics module's numbers for the analysis, from the answers GET /api/analyses/{id} returns. */
export function expectedMetrics(analysis: any, project: any, opts: { modelIds?: number[]; topic?: string } = {}): AnalysisMetrics {
  const brands: BrandDef[] = [
    { name: project.brandDomain, alternativeNames: project.brandDetails?.alternativeNames ?? [], domains: project.brandDetails?.domains ?? [], isOwn: true },
    ...project.competitorDetails.map((c: any) => ({ name: c.name, alternativeNames: c.alternativeNames ?? [], domains: c.domains ?? [] })),
  ]
  const answers: AnswerForMetrics[] = analysis.apiResponses.map((r: any) => ({
    modelId: r.model_id,
    queryIndex: r.query_index,
    query: r.query,
    sample: r.sample,
    text: r.response,
    ok: r.ok,
    topic: QUERIES[r.query_index]?.topic ?? null,
    audience: QUERIES[r.query_index]?.audience ?? null,
    mentions: r.mentions,
    rankings: r.rankings,
    sentiment: r.sentiment,
  }))
  return aggregateAnalysis(answers, brands, { modelIds: opts.modelIds, queryFilter: opts.topic ? (a) => a.topic === opts.topic : undefined })
}
