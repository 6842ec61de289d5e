/**
 * The AI Chat's simulated model: which tool the policy picks for a question, and the whole turn through the
 * gateway (the Anthropic SDK's MessageStream over the simulator's event stream), with the stream hold.
 */
import { createGateway, simulatorConfigs } from '../activities/gateway'
import { chatTools } from '../app/domain/chat/tools'
import type { ChatTurnMessage } from '../app/domain/chat'
import { chooseTool, renderToolResult, textPieces, toolInput } from './chat'
import { startSimulator, type SimulatorHandle } from './server'
import { simControl } from './testing'

const BRANDS = ['Brooks', 'Nike', 'Asics', 'Hoka']
const tools = chatTools(BRANDS).map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }))

describe('tool choice', () => {
  it.each([
    ["What is my brand's visibility on Claude?", 'brand_metrics', { model: 'claude' }],
    ['How does my brand rank on each AI model?', 'brand_metrics', {}],
    ['Which queries does my brand rank best for?', 'query_ranks', {}],
    ['For which queries is Nike not ranked at all?', 'query_ranks', { brand: 'Nike' }],
    ['How many mentions does each brand get per query?', 'mentions_by_query', {}],
    ['What is the sentiment towards Asics?', 'sentiment', { brand: 'Asics' }],
    ['Which web sources do the AI models cite most?', 'sources', {}],
    ['Give me an overview of the whole analysis.', 'overview', {}],
    ['hello', 'overview', {}],
  ])('%s → %s %j', (question, tool, input) => {
    const chosen = chooseTool(question, tools)!
    expect(chosen.name).toBe(tool)
    expect(toolInput(question, chosen)).toEqual(input)
  })

  it('renders every figure of a result, the own brand first', () => {
    const md = renderToolResult({ screen: 'Brand Rank tab', model: 'Claude Sonnet 4', brands: [{ brand: 'Brooks', ownBrand: true, rank: 1.5, visibility: '17%' }, { brand: 'Hoka', ownBrand: false, rank: 1, visibility: '17%' }] })
    expect(md).toContain('**Brooks** (your brand): rank 1.5, visibility 17%.')
    expect(md).toContain('| Brand | Rank | Visibility |')
    expect(md).toContain('| Hoka | 1 | 17% |')
  })

  it('streams text a few words at a time', () => {
    expect(textPieces('one two three four five').join('')).toBe('one two three four five')
    expect(textPieces('one two three four five')).toHaveLength(2)
  })
})

describe('through the gateway', () => {
  let sim: SimulatorHandle
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 'chat-test', day: '2026-03-02' })
  })
  afterAll(async () => {
    await sim.close()
  })

  const spec = chatTools(BRANDS)

  it('asks for the tool, then answers from its result, streamed', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const messages: ChatTurnMessage[] = [{ role: 'user', text: "What is my brand's visibility on Claude?" }]
    const first = await gw.chat('anthropic', { messages, tools: spec, allowTools: true })
    expect(first.stopReason).toBe('tool_use')
    expect(first.toolCalls).toEqual([{ id: expect.stringMatching(/^toolu_01/), name: 'brand_metrics', input: { model: 'claude' } }])
    const result = { screen: 'Brand Rank and Share of Model tabs', model: 'Claude Sonnet 4', brands: [{ brand: 'Brooks', ownBrand: true, rank: 1.5, visibility: '17%', shareOfModel: '42.9%' }] }
    messages.push({ role: 'assistant', text: first.text, toolCalls: first.toolCalls }, { role: 'tool', results: [{ id: first.toolCalls[0].id, content: JSON.stringify(result) }] })
    const deltas: string[] = []
    const second = await gw.chat('anthropic', { messages, tools: spec, allowTools: true, onText: (d) => deltas.push(d) })
    expect(second.stopReason).toBe('end_turn')
    expect(second.toolCalls).toEqual([])
    expect(deltas.length).toBeGreaterThan(3)
    expect(deltas.join('')).toBe(second.text)
    expect(second.text).toContain('rank 1.5, visibility 17%, share of model 42.9%')
    expect(second.usage.totalTokens).toBeGreaterThan(0)
  })

  it('with tool_choice none the model answers without a tool', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const out = await gw.chat('anthropic', { messages: [{ role: 'user', text: 'How does Nike rank?' }], tools: spec, allowTools: false })
    expect(out.toolCalls).toEqual([])
    expect(out.text).not.toBe('')
  })

  it('holds a stream after n text deltas until the hold is lifted', async () => {
    await simControl(sim.url, '/__sim/config', { streamHold: { afterDeltas: 2 } })
    const gw = createGateway(simulatorConfigs(sim.url))
    const deltas: string[] = []
    let finished = false
    const messages: ChatTurnMessage[] = [
      { role: 'user', text: 'Overview please' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'toolu_1', name: 'overview', input: {} }] },
      { role: 'tool', results: [{ id: 'toolu_1', content: JSON.stringify({ screen: 'Overview tab', totalMentions: 25, averageRank: 1.9 }) }] },
    ]
    const call = gw.chat('anthropic', { messages, tools: spec, allowTools: true, onText: (d) => deltas.push(d) }).finally(() => (finished = true))
    const until = Date.now() + 10_000
    while (deltas.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(deltas).toHaveLength(2)
    expect(finished).toBe(false)
    await simControl(sim.url, '/__sim/config', { streamHold: null })
    const out = await call
    expect(out.text).toContain('**Total Mentions:** 25')
    expect(deltas.join('')).toBe(out.text)
  })

  it('a 429 from the vendor is a rate_limited gateway error', async () => {
    await simControl(sim.url, '/__sim/config', { providers: { anthropic: { faults: [{ type: '429', times: 1 }] } } })
    const gw = createGateway(simulatorConfigs(sim.url))
    await expect(gw.chat('anthropic', { messages: [{ role: 'user', text: 'hi' }], tools: spec, allowTools: true })).rejects.toMatchObject({ kind: 'rate_limited' })
  })
})
