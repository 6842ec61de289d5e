/**
 * The fact-check judge's evaluation (claims in tests/support/factcheck-evaluation.ts, figures printed by
 * `npm run eval:factcheck`): the simulator's judge through the gateway and the OpenAI SDK, as demo mode runs it.
 * Floors, not targets: a contradiction shown to a marketer must be one (precision), and most should be found.
 */
import { startSimulator, type SimulatorHandle } from '../simulator/server'
import { createGateway, simulatorConfigs } from './gateway'
import { judgeProvider } from './factcheck'
import { evaluateFactcheck, FACTCHECK_EVALUATION, type FactcheckEvaluation } from '../tests/support/factcheck-evaluation'

let sim: SimulatorHandle
let e: FactcheckEvaluation

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 'factcheck-eval' })
  const gateway = createGateway(simulatorConfigs(sim.url))
  e = await evaluateFactcheck(gateway, judgeProvider(gateway)!)
})
afterAll(async () => {
  await sim.close()
})

describe('fact-check judge evaluation', () => {
  it('has at least 60 claims, each label at least 15 times, in English, German and French', () => {
    expect(FACTCHECK_EVALUATION.length).toBeGreaterThanOrEqual(60)
    for (const label of ['supported', 'contradicted', 'unverifiable']) expect(FACTCHECK_EVALUATION.filter((x) => x[2] === label).length, label).toBeGreaterThanOrEqual(15)
    expect(new Set(FACTCHECK_EVALUATION.map((x) => x[0]))).toEqual(new Set(['en', 'de', 'fr']))
  })

  it('labels at least 85 % right; contradictions with precision ≥ 0.95 and recall ≥ 0.7', () => {
    const by = Object.fromEntries(e.labels.map((l) => [l.label, l]))
    console.log(`Fact-check evaluation: accuracy ${(100 * e.accuracy).toFixed(1)} %`, e.labels.map((l) => `${l.label} P ${l.precision.toFixed(2)} R ${l.recall.toFixed(2)}`).join(', '))
    expect(e.accuracy).toBeGreaterThanOrEqual(0.85)
    expect(by.contradicted.precision).toBeGreaterThanOrEqual(0.95)
    expect(by.contradicted.recall).toBeGreaterThanOrEqual(0.7)
    expect(by.supported.precision).toBeGreaterThanOrEqual(0.9)
    expect(by.supported.recall).toBeGreaterThanOrEqual(0.85)
    expect(by.unverifiable.recall).toBeGreaterThanOrEqual(0.9)
  })
})
