/**
 * Vendor replies beyond the happy path, through the whole product: an analysis whose Claude turns stay paused, whose
 * Gemini candidates are blocked by Model Armor and whose DeepSeek usage reports reasoning
 * beside the completion. What is stored is what a user sees: the paused answers marked
 * incomplete, the refusal with the vendor's finishReason and finishMessage as the answer's
 * error (after one attempt: a refusal is permanent), reasoning tokens billed as output.
 */
import { testEnv } from '../support/env'
import { createProject, resetSimulator, signUp, simulator, sql, startAnalysis, waitForAnalysis } from '../support/flows'
import { resultsJson } from '../support/hand-worked-analysis'

const CLAUDE = 3
const GEMINI = 6
const DEEPSEEK = 10

beforeAll(async () => {
  await resetSimulator()
})
afterAll(async () => {
  await resetSimulator()
})

it('stores paused Claude answers as incomplete, Gemini blocks as refusals with the vendor reason, and reasoning tokens as output', async () => {
  await simulator({
    seed: 'vendor-replies',
    providers: {
      anthropic: { faults: [{ type: 'pause-turn' }] },
      gemini: { faults: [{ type: 'blocked' }] },
      deepseek: { faults: [{ type: 'reasoning-usage', reasoningTokens: 228 }] },
    },
  })
  const s = await signUp()
  const project = await createProject(s, { queries: ['best running shoes for flat feet', 'most comfortable marathon shoes'] })
  const started = await startAnalysis(s, project.id)
  const done = await waitForAnalysis(s, started.id)
  expect(done.status).toBe('completed')

  const db = await sql()
  const rows = await db<{ model_id: number; ok: boolean; error: string | null; response: string; parsed_data: any; usage: any }[]>`
    select model_id, ok, error, response, parsed_data, usage from api_responses where analysis_id = ${started.id} order by model_id, query_index`
  const of = (id: number) => rows.filter((r) => r.model_id === id)

  // Claude: 1 request + 3 continuations, each paused: the four preambles, kept and marked incomplete
  for (const r of of(CLAUDE)) {
    expect(r.ok).toBe(true)
    expect(r.parsed_data.incomplete).toBe(true)
    expect(r.response).toBe("I'll search for current reviews and rankings to answer this. ".repeat(4))
  }
  // Gemini: a permanent refusal, shown with the vendor's reason
  for (const r of of(GEMINI)) {
    expect(r.ok).toBe(false)
    expect(r.parsed_data.errorKind).toBe('permanent')
    expect(r.error).toBe(
      'Gemini 2.0 Flash refused to answer this prompt (finishReason MODEL_ARMOR: Blocked by Model Armor Floor Setting: The prompt violated Responsible AI Safety settings (Dangerous), Malicious URL Detection, Prompt Injection and Jailbreak filters.).',
    )
  }
  // a refusal is not retried: one request per query
  const stats = (await (await fetch(`${testEnv().simulatorUrl}/__sim/stats`)).json()) as any
  expect(stats.providers.gemini.requests).toBe(2)
  expect(stats.providers.anthropic.requests).toBe(2 * 4)
  // on the user's screen (API Data): the partial answers flagged, the refusal with its reason
  const shown = (await resultsJson(s, { project: project.id, analysis: started.id, tab: 'api-data' })).data.responses
  const card = (modelId: number) => shown.filter((r: any) => r.modelId === modelId).map((r: any) => [r.ok, r.incomplete, r.error])
  expect(card(CLAUDE)).toEqual([
    [true, true, null],
    [true, true, null],
  ])
  expect(card(GEMINI)).toEqual(of(GEMINI).map((r) => [false, false, r.error]))
  expect(card(DEEPSEEK)).toEqual([
    [true, false, null],
    [true, false, null],
  ])
  // DeepSeek: input + output = the billed total, the 228 reasoning tokens part of the output
  for (const r of of(DEEPSEEK)) {
    expect(r.ok).toBe(true)
    expect(r.parsed_data.incomplete).toBeUndefined()
    expect(r.usage.reasoningTokens).toBe(228)
    expect(r.usage.inputTokens + r.usage.outputTokens).toBe(r.usage.totalTokens)
  }
})

